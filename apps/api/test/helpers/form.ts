import { randomBytes } from 'node:crypto';

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; data: Buffer; type?: string };

/**
 * A multipart/form-data body built by hand, so tests control every byte (and can break it).
 *
 * @example const { payload, headers } = form([{ name: 'image', filename: 'a.png', data }, { name: 'width', value: '100' }]);
 */
export function form(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----toolkit${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'data' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`));
    chunks.push('data' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return {
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}

/** An image upload plus text fields (numbers and booleans are sent as strings, as forms do). */
export function imageForm(
  data: Buffer,
  fields: Record<string, string | number | boolean> = {},
  filename = 'upload.bin',
): { payload: Buffer; headers: Record<string, string> } {
  return form([
    { name: 'image', filename, data },
    ...Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
  ]);
}
