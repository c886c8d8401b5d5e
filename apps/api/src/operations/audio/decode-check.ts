/*
 * A file that cannot be decoded to its end is a 422 (the contract), yet ffmpeg exits with 0 for
 * most of them: the checks here tell a whole decode from a partial one.
 *
 * ffmpeg reads a cut-off Ogg file without a word: it decodes the pages that are whole and stops,
 * so 40 % of a sound converts "successfully" into 0.3 s of it. An Ogg stream says where it ends:
 * its last page carries the end-of-stream flag (RFC 3533, section 6). Walking the page headers
 * (27 bytes and a segment table each) finds a last page that is cut short or lacks the flag.
 */

const capture = Buffer.from('OggS');
const endOfStream = 0x04;

/**
 * Whether an Ogg file ends before its stream does: a page cut short, or a stream without its page
 * with the end-of-stream flag. Every logical stream of a chained or multiplexed file must end, so
 * each serial number seen must have its flagged page. Bytes after the last stream ended (a tag
 * some tools append) are left alone.
 */
export function oggIsTruncated(data: Uint8Array): boolean {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const open = new Set<number>();
  let at = 0;
  while (at < bytes.length) {
    if (!bytes.subarray(at, at + 4).equals(capture)) return at === 0 || open.size > 0;
    if (at + 27 > bytes.length) return true;
    const flags = bytes[at + 5] ?? 0;
    const serial = bytes.readUInt32LE(at + 14);
    const segments = bytes[at + 26] ?? 0;
    const tableEnd = at + 27 + segments;
    if (tableEnd > bytes.length) return true;
    let body = 0;
    for (let i = at + 27; i < tableEnd; i++) body += bytes[i] ?? 0;
    if (tableEnd + body > bytes.length) return true;
    if (flags & endOfStream) open.delete(serial);
    else open.add(serial);
    at = tableEnd + body;
  }
  return open.size > 0;
}

/** ffmpeg's words for a packet it could not decode (a damaged or cut-off frame). */
export const decodeErrors =
  /Error while decoding stream|Invalid data found when processing input|corrupt input packet/;

export const estimatedDuration = /Estimating duration from bitrate/;

/**
 * Whether the whole input was decoded: 'empty' when no sample came out (a header and nothing
 * else), 'short' when ffmpeg reported a packet it could not decode, or wrote clearly less than the
 * header announced (a truncated MP3 with a Xing header, a FLAC with its sample count). A duration
 * ffmpeg only estimated from the bitrate is no promise, so it is not held against the file.
 */
export function wholeDecode(run: {
  written: number;
  declared: number | undefined;
  decodeError: boolean;
  /** ffmpeg said it estimated the duration from the bitrate. */
  estimated: boolean;
}): 'ok' | 'empty' | 'short' {
  if (run.written <= 0) return 'empty';
  if (run.decodeError) return 'short';
  const { declared } = run;
  if (declared === undefined || run.estimated) return 'ok';
  return run.written < declared - Math.max(0.25, declared * 0.01) ? 'short' : 'ok';
}
