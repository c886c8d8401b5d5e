import { describe, expect, it } from 'vitest';
import { toolRequest } from './tool-request';

const png = (name = 'a.png', size = 3) => new File([new Uint8Array(size)], name, { type: 'image/png' });

describe('toolRequest', () => {
  it("sends one file under the input's field, then the fields, for a 'file' tool", () => {
    const request = toolRequest(
      { kind: 'file', field: 'audio', accept: ['audio/*'] },
      { file: png('song.wav', 10), fields: { format: 'mp3', bitrate: 128, channels: undefined } },
    );
    const form = request.body as FormData;
    expect([...form.keys()]).toEqual(['audio', 'format', 'bitrate']);
    expect((form.get('audio') as File).name).toBe('song.wav');
    expect(form.get('bitrate')).toBe('128');
    expect(request).toMatchObject({ contentType: undefined, uploadBytes: 10 });
  });

  it("sends every file under the field, in the given order, for a 'files' tool", () => {
    const request = toolRequest(
      { kind: 'files', field: 'images', accept: [], min: 2, max: 10 },
      { files: [png('b.png', 4), png('a.png', 6)], fields: { gap: 8 } },
    );
    const form = request.body as FormData;
    expect(form.getAll('images').map((file) => (file as File).name)).toEqual(['b.png', 'a.png']);
    expect(form.get('gap')).toBe('8');
    expect(request.uploadBytes).toBe(10);
  });

  it("sends typed text as JSON {[textKey]: text, ...fields} for a 'json-or-file' tool, values typed", () => {
    const request = toolRequest(
      { kind: 'json-or-file', field: 'file', textKey: 'csv' },
      { text: 'a;b\n1;2', fields: { delimiter: ';', header: false, skip: '', pages: [] } },
    );
    expect(request.contentType).toBe('application/json');
    expect(JSON.parse(request.body as string)).toEqual({ csv: 'a;b\n1;2', delimiter: ';', header: false });
    expect(request.uploadBytes).toBe(0);
  });

  it("sends the uploaded file under 'file' for a 'json-or-file' tool", () => {
    const file = new File(['x: 1'], 'conf.yaml', { type: 'application/yaml' });
    const request = toolRequest(
      { kind: 'json-or-file', field: 'file', textKey: 'yaml' },
      { file, fields: { all_documents: true } },
    );
    const form = request.body as FormData;
    expect([...form.keys()]).toEqual(['file', 'all_documents']);
    expect(form.get('all_documents')).toBe('true');
  });

  it('refuses text for a tool that takes a file', () => {
    expect(() => toolRequest({ kind: 'file', field: 'pdf', accept: [] }, { text: 'hello' })).toThrow(
      /takes a file/,
    );
  });
});
