import { describe, expect, it } from 'vitest';
import { ApiError } from '~/lib/api-client';
import { failedStep, parseServerTiming, pipelineRequest, sentPipeline } from './run-pipeline';

describe('Server-Timing of a pipeline', () => {
  it('gives each step its time and operation, in step order', () => {
    const header =
      'step2;dur=3.5;desc="images/convert", step1;dur=12.0;desc="images/resize (intermediate not encoded)", total;dur=20';
    expect(parseServerTiming(header)).toEqual([
      { step: 1, op: 'images/resize', ms: 12 },
      { step: 2, op: 'images/convert', ms: 3.5 },
    ]);
    expect(parseServerTiming(null)).toEqual([]);
  });
});

describe('the request body', () => {
  const steps = [{ op: 'data/csv-to-json' }, { op: 'data/json-to-xml', root: 'rows' }];

  it('sends typed text as JSON: the steps and input.text', () => {
    const { body, contentType } = pipelineRequest({
      steps,
      input: { text: 'a,b\n1,2\n' },
      output: 'document',
    });
    expect(contentType).toBe('application/json');
    expect(JSON.parse(body as string)).toEqual({ steps, input: { text: 'a,b\n1,2\n' } });
  });

  it('sends a file as a form: the steps in "pipeline", the file in "files"', async () => {
    const file = new File(['png bytes'], 'cat.png', { type: 'image/png' });
    const { body, contentType, uploadBytes } = pipelineRequest({
      steps: [{ op: 'images/flip' }],
      input: { file },
      output: 'image',
    });
    expect([contentType, uploadBytes]).toEqual([undefined, file.size]);
    const form = body as FormData;
    expect(JSON.parse(String(form.get('pipeline')))).toEqual({ steps: [{ op: 'images/flip' }] });
    const sent = form.get('files') as File;
    const text = await new Promise((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(sent);
    });
    expect([sent.name, text]).toEqual(['cat.png', 'png bytes']);
  });
});

describe('a batch', () => {
  it('sends every file in "files", in order, and the copied request names each of them', () => {
    const files = ['a.png', 'b.png', 'c.jpg'].map((name) => new File([name], name, { type: 'image/png' }));
    const request = {
      steps: [{ op: 'images/resize', width: 50 }],
      input: { files },
      output: 'archive' as const,
    };
    const form = pipelineRequest(request).body as FormData;
    expect(form.getAll('files').map((file) => (file as File).name)).toEqual(['a.png', 'b.png', 'c.jpg']);
    expect(sentPipeline(request, { auth: false, base: 'http://x' }).files).toEqual({
      field: 'files',
      names: ['a.png', 'b.png', 'c.jpg'],
    });
  });
});

describe('the step an error names', () => {
  const error = (message: string, details?: { field: string; message: string }[]) =>
    new ApiError({ status: 400, code: 'PIPELINE_INVALID', message, details });

  it('reads it from the message or from a detail on steps[i]', () => {
    expect(
      failedStep(error('Step 2 (data/json-to-xml) takes JSON; step 1 (images/resize) gives an image.')),
    ).toBe(2);
    expect(
      failedStep(error('Width must be at most 4096.', [{ field: 'steps[2].width', message: '…' }])),
    ).toBe(3);
    expect(failedStep(error('A pipeline has 1 to 10 steps; this one has 11.'))).toBeUndefined();
    expect(failedStep(new Error('Step 1'))).toBeUndefined();
  });
});
