import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FileResult } from '~/lib/api-client';
import { isObject } from '~/lib/api-errors';
import { FileResultCard } from '~/tools/_shared/results/file-result';

/*
 * A batch's answer (API.md "Pipelines and batches"): one zip of the results plus manifest.json, which
 * names each input, its output's name in the zip, its status and, for a failure, the step and the
 * contract's error. The zip is offered as it is; the manifest is read from it to show each file.
 */

export interface BatchEntry {
  input: string;
  output: string | null;
  status: 'succeeded' | 'failed';
  error: { step: number | null; code: string; message: string } | null;
}

/** manifest.json's files, or null when it is not the manifest the contract describes. */
export function parseManifest(text: string): BatchEntry[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const files = isObject(parsed) ? parsed.files : undefined;
  if (!Array.isArray(files)) return null;
  const entries: BatchEntry[] = [];
  for (const file of files) {
    if (!isObject(file) || typeof file.input !== 'string') return null;
    if (file.status !== 'succeeded' && file.status !== 'failed') return null;
    const error = isObject(file.error) ? file.error : null;
    entries.push({
      input: file.input,
      output: typeof file.output === 'string' ? file.output : null,
      status: file.status,
      error: error
        ? {
            step: typeof error.step === 'number' ? error.step : null,
            code: String(error.code ?? ''),
            message: String(error.message ?? ''),
          }
        : null,
    });
  }
  return entries;
}

/** Reads manifest.json out of the zip (fflate, loaded only for a batch); null when it is not there. */
export async function readManifest(zip: Uint8Array): Promise<BatchEntry[] | null> {
  const { unzipSync, strFromU8 } = await import('fflate');
  try {
    const found = unzipSync(zip, {
      filter: (member) => member.name === 'manifest.json',
    })['manifest.json'];
    return found ? parseManifest(strFromU8(found)) : null;
  } catch {
    return null;
  }
}

function EntryRow({ entry }: { entry: BatchEntry }) {
  const ok = entry.status === 'succeeded';
  const Icon = ok ? CircleCheckIcon : CircleAlertIcon;
  return (
    <li className="flex items-start gap-3 py-2" data-batch-status={entry.status}>
      <Icon
        className={ok ? 'mt-0.5 size-4 shrink-0 text-success' : 'mt-0.5 size-4 shrink-0 text-destructive'}
        aria-hidden="true"
      />
      <div className="flex min-w-0 flex-col gap-0.5 text-sm">
        <p className="break-all font-medium">{entry.input}</p>
        <p className={ok ? 'break-all text-muted-foreground' : 'text-destructive'}>
          {ok ? `Done: ${entry.output ?? 'in the zip'}` : `Failed: ${entry.error?.message || 'no result.'}`}
        </p>
      </div>
    </li>
  );
}

/** The zip to download, and each file's outcome from its manifest. */
export function BatchResult({ result, inputs }: { result: FileResult; inputs: readonly File[] }) {
  const [entries, setEntries] = useState<BatchEntry[] | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    setEntries(undefined);
    result.blob
      .arrayBuffer()
      .then((bytes) => readManifest(new Uint8Array(bytes)))
      .then(
        (found) => current && setEntries(found),
        () => current && setEntries(null),
      );
    return () => {
      current = false;
    };
  }, [result.blob]);
  const failed = entries?.filter((entry) => entry.status === 'failed').length ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-labelledby="pipeline-batch"
        className="flex flex-col gap-2 rounded-xl border bg-card p-4 sm:p-6"
      >
        <h3 id="pipeline-batch" className="font-semibold text-base">
          Files
        </h3>
        {entries === undefined ? (
          <p className="text-muted-foreground text-sm">Reading the batch’s manifest…</p>
        ) : entries === null ? (
          <p className="text-muted-foreground text-sm">
            The zip holds the results; its manifest could not be read.
          </p>
        ) : (
          <>
            <p className="text-sm" role="status">
              {entries.length - failed} of {entries.length} files done
              {failed > 0 ? `, ${failed} failed` : ''}.
            </p>
            <ul className="flex flex-col divide-y" aria-label="Files of the batch">
              {entries.map((entry, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a manifest's rows never move, and names may repeat
                <EntryRow key={`${i}-${entry.input}`} entry={entry} />
              ))}
            </ul>
          </>
        )}
      </section>
      <FileResultCard result={result} inputs={inputs} operation="pipeline" />
    </div>
  );
}
