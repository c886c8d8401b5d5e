import { afterAll, describe, expect, it } from 'vitest';
import { OperationError } from '../../operations/errors.js';
import { defaultDocumentLimits } from '../../operations/files/convert/job.js';
import { detectFileType } from '../../operations/files/detect/detect.js';
import { closeWorkerPool, runTask } from '../../runtime/worker-pool.js';

afterAll(() => closeWorkerPool());

describe('files tasks in the worker pool', () => {
  it('converts a document in a worker thread and brings failures back as OperationError', async () => {
    const job = (text: string, from: string, to: string) => ({
      data: new TextEncoder().encode(text),
      from,
      to,
      title: 'notes',
      limits: defaultDocumentLimits,
    });
    const html = await runTask('files.convert-document', job('# Hi <script>x()</script>', 'md', 'html'));
    const text = new TextDecoder().decode(html); // text comes back as UTF-8 bytes moved out of the worker
    expect(text).toContain('<h1>Hi </h1>');
    expect(text).not.toContain('script');
    const failure = await runTask('files.convert-document', job('a: 1\na: 2\n', 'yaml', 'json')).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(OperationError);
    // A document that does not parse is the caller's to fix: 400 with line and column, as on data/*.
    expect(failure).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('analyses text for detection in a worker thread', async () => {
    const data = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b\n1,2\n3,4\n', 'utf16le')]);
    const result = await detectFileType(
      data,
      { name: 'x.csv' },
      { analyseText: (probe) => runTask('files.analyse-text', probe) },
    );
    expect(result).toMatchObject({ mime: 'text/csv', encoding: 'UTF-16LE', mismatch: false });
  });
});
