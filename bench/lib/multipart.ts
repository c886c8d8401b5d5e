import { randomBytes } from 'node:crypto';

export interface MultipartBody {
  contentType: string;
  body: Buffer;
}

/**
 * Builds a multipart/form-data body once, so the load generator only sends bytes and spends no CPU on
 * encoding. Text fields come before the file, as browsers and most clients send them.
 */
export interface MultipartFile {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

export function multipartBody(
  fields: Record<string, string>,
  file: MultipartFile | readonly MultipartFile[],
): MultipartBody {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of Array.isArray(file) ? file : [file]) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}
