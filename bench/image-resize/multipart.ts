import { randomBytes } from 'node:crypto';

export interface MultipartBody {
  contentType: string;
  body: Buffer;
}

/**
 * Builds a multipart/form-data body once, so the load generator only sends bytes and spends no CPU on
 * encoding. Text fields come before the file, as browsers and most clients send them.
 */
export function multipartBody(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; bytes: Buffer },
): MultipartBody {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}
