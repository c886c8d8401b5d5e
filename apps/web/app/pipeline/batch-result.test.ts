import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseManifest, readManifest } from './batch-result';

const manifest = {
  steps: ['images/resize'],
  files: [
    { input: 'a.png', output: 'a-resize.png', status: 'succeeded', error: null },
    {
      input: 'bad.jpg',
      output: null,
      status: 'failed',
      error: { step: 1, code: 'INVALID_IMAGE', message: 'Step 1 (images/resize): the image is damaged.' },
    },
  ],
};

describe("a batch's manifest", () => {
  it('is read out of the zip: each input, its output and, for a failure, the step and message', async () => {
    const zip = zipSync({
      'manifest.json': strToU8(JSON.stringify(manifest)),
      'a-resize.png': new Uint8Array([1, 2, 3]),
    });
    expect(await readManifest(zip)).toEqual(manifest.files);
  });

  it('is null when the zip has none, the bytes are no zip, or the JSON is not a manifest', async () => {
    expect(await readManifest(zipSync({ 'a.png': new Uint8Array([1]) }))).toBeNull();
    expect(await readManifest(strToU8('not a zip'))).toBeNull();
    expect(parseManifest('{"files":[{"input":"a.png","status":"done"}]}')).toBeNull();
    expect(parseManifest('[]')).toBeNull();
    expect(parseManifest('{')).toBeNull();
  });
});
