import type { ReactNode } from 'react';
import { CopyButton } from '../copy-button';
import { ErrorAlert } from '../panel';
import { useCopy } from '../use-copy';
import { ResultSection } from './result-card';

/*
 * An analysis result (JSON `data`) as people read it: scalar members as label/value pairs, arrays of
 * records as tables, nested objects as nested lists. Panels may rename and format members; anything
 * they do not mention is still shown, so a new member in the API never goes missing from the page.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface MemberView {
  label?: string;
  /** Formats the value; the default prints numbers with separators, booleans as Yes/No. */
  format?: (value: unknown) => ReactNode;
  hidden?: boolean;
}

/** 'charactersNoSpaces' → 'Characters no spaces'; 'page_count' → 'Page count'. */
export function humanize(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isRecord(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function scalar(value: unknown): ReactNode {
  if (value === null || value === undefined) return <span className="text-muted-foreground">—</span>;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function Value({ value }: { value: unknown }): ReactNode {
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-muted-foreground">none</span>;
    if (value.every(isRecord)) return <RecordTable rows={value} />;
    return value.map((item) => (isRecord(item) ? JSON.stringify(item) : String(item))).join(', ');
  }
  if (isRecord(value)) return <Members data={value} views={{}} nested />;
  return scalar(value);
}

function RecordTable({ rows }: { rows: readonly Record<string, Json>[] }) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; keyboard users must reach it.
    <div tabIndex={0} className="max-h-80 overflow-auto rounded-md border">
      <table className="w-full border-collapse text-left text-xs">
        <thead className="sticky top-0 bg-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-2 py-1.5 font-medium">
                {humanize(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            // Rows have no identity of their own: their order is the answer's.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <tr key={index} className="border-t">
              {columns.map((column) => (
                <td key={column} className="px-2 py-1.5 align-top tabular-nums">
                  {scalar(row[column])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Members({
  data,
  views,
  nested = false,
}: {
  data: Record<string, unknown>;
  views: Readonly<Record<string, MemberView>>;
  nested?: boolean;
}) {
  const keys = Object.keys(data).filter((key) => !views[key]?.hidden);
  // Members the panel names come first, in its order; the rest follow in the answer's order.
  const named = Object.keys(views).filter((key) => keys.includes(key));
  const ordered = [...named, ...keys.filter((key) => !named.includes(key))];
  return (
    <dl
      className={
        nested
          ? 'grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs'
          : 'grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]'
      }
    >
      {ordered.map((key) => {
        const view = views[key];
        const value = data[key];
        return (
          <div key={key} className="contents">
            <dt className="text-muted-foreground">{view?.label ?? humanize(key)}</dt>
            <dd className="min-w-0 break-words font-medium tabular-nums max-sm:mb-2">
              {view?.format ? view.format(value) : <Value value={value} />}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The analysis viewer: every member of `data`, with a button that copies the JSON. */
export function AnalysisResult({
  data,
  views = {},
  title = 'Result',
}: {
  data: unknown;
  /** Labels and formats by member name; members not named are shown as they come. */
  views?: Readonly<Record<string, MemberView>>;
  title?: string;
}) {
  const copy = useCopy();
  const json = JSON.stringify(data, null, 2);
  return (
    <ResultSection title={title} actions={<CopyButton text={json} label="Copy JSON" state={copy} />}>
      {isRecord(data) ? <Members data={data} views={views} /> : <Value value={data} />}
      {copy.error && <ErrorAlert message={copy.error} />}
    </ResultSection>
  );
}
