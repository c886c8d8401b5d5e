import { bufferView } from '../../bytes.js';

export interface Base64EncodeOptions {
  url_safe: boolean;
  /** Characters per line; 0 writes one line. */
  line_length: number;
}

/**
 * Bytes as base64 text: the standard alphabet with = padding, or with `url_safe` the URL and
 * file-name alphabet (- and _) without padding (RFC 4648 §5). With `line_length`, lines of that
 * many characters separated by "\n" (76 for MIME, 64 for PEM).
 *
 * @example base64Encode(Buffer.from('hello?'), { url_safe: true, line_length: 0 }) // 'aGVsbG8_'
 */
export function base64Encode(bytes: Uint8Array, options: Base64EncodeOptions): string {
  const buffer = bufferView(bytes);
  const text = buffer.toString(options.url_safe ? 'base64url' : 'base64');
  if (options.line_length <= 0 || text.length <= options.line_length) return text;
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += options.line_length)
    lines.push(text.slice(i, i + options.line_length));
  return lines.join('\n');
}
