/** A Markdown table; `numeric` columns are right-aligned. Pipes inside cells are escaped. */
export function markdownTable(
  head: readonly string[],
  rows: readonly (readonly unknown[])[],
  numeric: readonly number[] = [],
): string {
  const cell = (value: unknown): string =>
    String(value ?? '—')
      .replaceAll('|', '\\|')
      .replaceAll('\n', ' ');
  const align = head.map((_, i) => (numeric.includes(i) ? '---:' : '---'));
  return [head, align, ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
}
