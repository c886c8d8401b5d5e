import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { BenchCase, OutputFacts } from '../case.js';
import { archiveSet, docxInput } from '../inputs.js';
import { readWith } from '../listing.js';

/** An archive must list every input file when an independent tool reads it. */
function entries(expected: number, name: string, lister: (path: string) => string[]) {
  return async ({ bytes }: { bytes: Buffer }): Promise<OutputFacts> => {
    try {
      const listed = (await readWith(bytes, name, lister)).split('\n').filter((l) => l.trim() !== '').length;
      return listed === expected
        ? { note: `${listed} files` }
        : { problem: `${listed} entries, not ${expected}` };
    } catch (error) {
      return { problem: String(error).slice(0, 150) };
    }
  };
}

/** The file operations of issue 10 against zip, tar and LibreOffice called directly. */
export async function fileCases(soffice: string | undefined): Promise<BenchCase[]> {
  const set = await archiveSet();
  let total = 0;
  for (const path of set) total += (await stat(path)).size;
  const label = `${set.length} corpus files, ${(total / 1e6).toFixed(1)} MB`;
  const cases: BenchCase[] = [
    {
      group: 'files',
      name: `zip, level 6 (${label})`,
      input: set[0] ?? '',
      http: {
        path: '/files/compress',
        files: { field: 'files', paths: set },
        fields: { format: 'zip', level: 6 },
      },
      peers: [
        {
          label: 'zip -6',
          command: ['zip', '-6', '-q', '-j', '-X', '{out}', ...set],
          outputExtension: '.zip',
        },
      ],
      concurrencies: [1],
      check: entries(set.length, 'out.zip', (p) => ['unzip', '-Z1', p]),
    },
    {
      group: 'files',
      name: `tar.gz, level 6 (${label})`,
      input: set[0] ?? '',
      http: {
        path: '/files/compress',
        files: { field: 'files', paths: set },
        fields: { format: 'tar.gz', level: 6 },
      },
      peers: [
        {
          label: 'tar czf (gzip -6)',
          // Flat names, as the API writes them; -h reads the files themselves.
          command: ['tar', '-I', 'gzip -6', '-cf', '{out}', '--transform', 's,.*/,,', ...set],
          outputExtension: '.tar.gz',
        },
      ],
      concurrencies: [1],
      check: entries(set.length, 'out.tar.gz', (p) => ['tar', 'tzf', p]),
    },
  ];
  if (soffice) {
    const docx = await docxInput(soffice);
    cases.push({
      group: 'files',
      name: 'docx → pdf (GPL-3, LibreOffice)',
      input: docx,
      http: {
        path: '/files/convert',
        file: {
          field: 'file',
          path: docx,
          type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        },
        fields: { to: 'pdf' },
      },
      peers: [
        {
          label: 'soffice --convert-to pdf',
          command: [
            'sh',
            '-c',
            `"$2" --headless --norestore --convert-to pdf --outdir "$(dirname "$1")" "$0" >/dev/null && mv "$(dirname "$1")/${basename(docx, '.docx')}.pdf" "$1"`,
            '{in}',
            '{out}',
            soffice,
          ],
          outputExtension: '.pdf',
        },
      ],
      concurrencies: [1],
      check: async ({ bytes }) => {
        try {
          const text = await readWith(bytes, 'out.pdf', (p) => ['pdftotext', p, '-']);
          return text.includes('GNU GENERAL PUBLIC LICENSE')
            ? {}
            : { problem: 'the PDF lacks the document text' };
        } catch (error) {
          return { problem: String(error).slice(0, 150) };
        }
      },
    });
  }
  return cases;
}
