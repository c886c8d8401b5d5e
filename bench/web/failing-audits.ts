import type { Result } from 'lighthouse';
import type { Category } from './settings.js';

/** One audit that holds a category's score down, with what Lighthouse found, for the web engineers. */
export interface FailingAudit {
  id: string;
  title: string;
  score: number | null;
  /** Share of the category score this audit carries (0 for performance diagnostics). */
  weight: number;
  displayValue?: string;
  explanation?: string;
  /** Up to eight findings (elements, URLs, savings), one line each. */
  items: string[];
  /** How many findings there were in all. */
  itemCount: number;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function clip(text: string, max = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** One value of a details table as short text: nodes by selector and snippet, URLs, numbers. */
function describeValue(value: Json): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return clip(value, 160);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return undefined;
  switch (value.type) {
    case 'node':
      return [value.selector, value.snippet, value.explanation]
        .filter((v): v is string => typeof v === 'string' && v !== '')
        .map((v) => clip(v, 200))
        .join(' — ');
    case 'source-location':
      return `${value.url}:${value.line}:${value.column}`;
    case 'url':
    case 'code':
    case 'text':
      return typeof value.value === 'string' ? clip(value.value, 160) : undefined;
    default:
      return undefined;
  }
}

/** A details item (a row of a table, or a list entry) as one line. */
function describeItem(item: Json): string {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return clip(String(item));
  if (item.type === 'table' && Array.isArray(item.items))
    return item.items.map(describeItem).slice(0, 3).join('; ');
  const parts: string[] = [];
  for (const [key, value] of Object.entries(item)) {
    if (key === 'subItems' || key === 'entity' || key === 'type') continue;
    const text = describeValue(value);
    if (text !== undefined && text !== '') parts.push(`${key}: ${text}`);
  }
  return clip(parts.join(', '), 400);
}

function detailItems(details: unknown): Json[] {
  if (details === null || typeof details !== 'object') return [];
  const { items } = details as { items?: unknown };
  if (!Array.isArray(items)) return [];
  // A list details holds tables (e.g. LCP breakdown): flatten one level.
  return (items as Json[]).flatMap((item) =>
    item !== null &&
    typeof item === 'object' &&
    !Array.isArray(item) &&
    item.type === 'table' &&
    Array.isArray(item.items)
      ? item.items
      : [item],
  );
}

/**
 * The audits of a category that did not pass. Performance counts an audit as failing under a score of
 * 0.9 (Lighthouse's own green), the other categories under 1, as their targets are 100.
 */
export function failingAudits(lhr: Result, category: Category): FailingAudit[] {
  const cat = lhr.categories[category];
  if (!cat) return [];
  const threshold = category === 'performance' ? 0.9 : 1;
  const failing: FailingAudit[] = [];
  for (const ref of cat.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= threshold) continue;
    if (['notApplicable', 'manual', 'informative', 'error'].includes(audit.scoreDisplayMode)) continue;
    const items = detailItems(audit.details)
      .map(describeItem)
      .filter((line) => line !== '');
    failing.push({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      ...(audit.explanation ? { explanation: clip(audit.explanation, 400) } : {}),
      items: items.slice(0, 8),
      itemCount: items.length,
    });
  }
  return failing.sort((a, b) => b.weight - a.weight || (a.score ?? 0) - (b.score ?? 0));
}
