import type { FieldDoc, HeaderFact } from '@toolkit/catalog';
import type { ReactNode } from 'react';
import { CodeText } from '~/components/code-text';
import { allowedValues, type errorDocs } from './reference-data';

/** A two-column table that stays readable at 360px: the name column is as wide as its longest name. */
function Table({
  caption,
  head,
  children,
}: {
  caption: string;
  head: [string, string];
  children: ReactNode;
}) {
  return (
    <div className="overflow-hidden rounded-xl border">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-muted-foreground text-xs">
          <tr>
            <th scope="col" className="w-px px-4 py-2.5 font-medium sm:w-56">
              {head[0]}
            </th>
            <th scope="col" className="px-4 py-2.5 font-medium">
              {head[1]}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y align-top">{children}</tbody>
      </table>
    </div>
  );
}

const chip = 'rounded border bg-code px-1.5 py-px font-mono text-[12px] text-foreground';

function formatDefault(value: FieldDoc['defaultValue']): string {
  return typeof value === 'string' ? value : String(value);
}

/** Request fields or JSON members: name, type, required; description, allowed values, default. */
export function FieldTable({ fields, caption }: { fields: readonly FieldDoc[]; caption: string }) {
  return (
    <Table caption={caption} head={['Field', 'Description']}>
      {fields.map((field) => {
        const allowed = allowedValues(field);
        return (
          <tr key={field.name}>
            <th scope="row" className="px-4 py-3 font-normal">
              <code className="whitespace-nowrap font-mono font-semibold text-[13px] text-foreground">
                {field.name}
              </code>
              <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
                <span className="font-mono text-muted-foreground">{field.type}</span>
                {field.required ? (
                  <span className="font-medium text-destructive">required</span>
                ) : (
                  <span className="text-muted-foreground">optional</span>
                )}
              </div>
            </th>
            <td className="px-4 py-3 leading-6">
              <p>
                <CodeText text={field.description} />
              </p>
              {(allowed.length > 0 || field.defaultValue !== undefined) && (
                <dl className="mt-2 flex flex-col gap-1.5 text-xs">
                  {allowed.length > 0 && (
                    <div className="flex items-baseline gap-2">
                      <dt className="w-14 shrink-0 text-muted-foreground">Allowed</dt>
                      <dd className="flex flex-wrap gap-1">
                        {allowed.map((value) => (
                          <code key={value} className={chip}>
                            {value}
                          </code>
                        ))}
                      </dd>
                    </div>
                  )}
                  {field.defaultValue !== undefined && (
                    <div className="flex items-baseline gap-2">
                      <dt className="w-14 shrink-0 text-muted-foreground">Default</dt>
                      <dd>
                        <code className={chip}>{formatDefault(field.defaultValue)}</code>
                      </dd>
                    </div>
                  )}
                </dl>
              )}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

export function HeaderTable({ headers }: { headers: readonly HeaderFact[] }) {
  return (
    <Table caption="Response headers" head={['Header', 'Meaning']}>
      {headers.map((header) => (
        <tr key={header.name}>
          <th scope="row" className="px-4 py-3 font-normal">
            <code className="whitespace-nowrap font-mono font-semibold text-[13px]">{header.name}</code>
          </th>
          <td className="px-4 py-3 leading-6">
            <CodeText text={header.description} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function ErrorTable({ errors }: { errors: ReturnType<typeof errorDocs> }) {
  return (
    <Table caption="Error responses" head={['Status', 'Code and when']}>
      {errors.map((error) => (
        <tr key={`${error.code}:${error.when}`}>
          <th scope="row" className="px-4 py-3 font-normal">
            <span className="inline-block rounded-md bg-destructive-soft px-1.5 py-0.5 font-mono font-semibold text-destructive text-xs tabular-nums">
              {error.status}
            </span>
          </th>
          <td className="px-4 py-3 leading-6">
            <code className="font-mono font-semibold text-[13px] [overflow-wrap:anywhere]">{error.code}</code>
            <p className="text-muted-foreground">
              <CodeText text={error.when} />
            </p>
          </td>
        </tr>
      ))}
    </Table>
  );
}
