/**
 * Ranks a search entry for the Ctrl/Cmd+K dialog (cmdk's `filter`). Every word typed must appear in the
 * entry: in its title (best, and better still at the start), or else in its keywords. cmdk's default
 * fuzzy scoring matches scattered letters ("csv" finds "Convert Image"), which is noise for 22 entries.
 */
export function searchScore(title: string, search: string, keywords: readonly string[] = []): number {
  const query = search.trim().toLowerCase().replace(/\s+/g, ' ');
  if (query === '') return 1;
  const name = title.toLowerCase();
  if (name.startsWith(query)) return 1;
  if (name.includes(query)) return 0.95;
  const terms = query.split(' ');
  const words = name.split(/\s+/);
  if (terms.every((term) => words.some((word) => word.startsWith(term)))) return 0.9;
  if (terms.every((term) => name.includes(term))) return 0.8;
  const all = `${name} ${keywords.join(' ').toLowerCase()}`;
  return terms.every((term) => all.includes(term)) ? 0.5 : 0;
}
