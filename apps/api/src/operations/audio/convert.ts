import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConvertAudioRequest } from '@toolkit/catalog';
import { fileTypeFromBuffer } from 'file-type';
import type { Programs } from '../engines.js';
import { OperationError } from '../errors.js';
import { decodeErrors, estimatedDuration, oggIsTruncated, wholeDecode } from './decode-check.js';
import { type FfmpegSource, findFfmpeg } from './ffmpeg.js';
import {
  allowedDemuxers,
  inputDemuxers,
  lossyFormats,
  outputFormats,
  readableFormatsText,
  streamedDemuxers,
} from './formats.js';

/** format, bitrate (kbit/s, lossy formats), sample_rate (Hz), channels (1 or 2): the catalog's request. */
export type AudioConvertOptions = ConvertAudioRequest;

export interface AudioLimits {
  /** Longest input accepted, in seconds (default 20 minutes). */
  maxDurationSeconds: number;
  /** Time for reading and converting one file. */
  timeoutMs: number;
  /** Where ffmpeg runs: handed by the lane, whose concurrency bounds how many run at once. */
  programs: Programs;
  /** Largest result sent back, in bytes (default 256 MB: 20 minutes of 48 kHz stereo WAV is 230 MB). */
  maxOutputBytes?: number;
  ffmpeg?: FfmpegSource;
}

export interface AudioResult {
  data: Buffer;
  extension: string;
  mime: string;
  /** Duration of the converted audio, in seconds (ffmpeg's own count of what it wrote). */
  durationSeconds: number;
  /** The container the input was recognised as (file-type's extension). */
  inputFormat: string;
}

const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

const megabytes = (bytes: number) => {
  const mb = bytes / 1024 / 1024;
  return mb < 10 ? mb.toFixed(1) : String(Math.round(mb));
};

const audioStream = /Stream #\d+:\d+\S*: Audio: /;
const progressTime = /^out_time=(.+)$/gm;
const lastMatch = (text: string, pattern: RegExp): string | undefined => {
  let last: string | undefined;
  for (const match of text.matchAll(pattern)) last = match[1];
  return last;
};

const timePattern = /(\d+):(\d\d):(\d\d(?:\.\d+)?)/;
function seconds(text: string | undefined): number | undefined {
  const match = text ? timePattern.exec(text) : null;
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : undefined;
}

/**
 * Checks the options against the target format. Their ranges (bitrate 32–320, sample_rate
 * 8000–96000, channels 1 or 2) are the catalog schema's, checked before any operation runs.
 */
function checkAudioOptions(options: AudioConvertOptions): void {
  const spec = outputFormats[options.format];
  if (options.bitrate !== undefined && spec.lossy === undefined) {
    throw new OperationError(
      'VALIDATION_ERROR',
      `${options.format.toUpperCase()} is lossless and takes no bitrate; bitrate applies to ${lossyFormats.join(', ')}.`,
      { field: 'bitrate' },
    );
  }
  const rate = options.sample_rate;
  if (rate !== undefined && spec.sampleRates && !spec.sampleRates.includes(rate)) {
    throw new OperationError(
      'VALIDATION_ERROR',
      `${options.format.toUpperCase()} cannot be written at ${rate} Hz; use one of ${spec.sampleRates.join(', ')}.`,
      { field: 'sample_rate' },
    );
  }
}

/** ffmpeg's input options: no stdin, local files and pipes only, and exactly the demuxer the bytes showed. */
function inputArgs(demuxer: string, source: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-protocol_whitelist',
    'file,pipe',
    '-format_whitelist',
    allowedDemuxers,
    '-f',
    demuxer,
    '-i',
    source,
  ];
}

/**
 * Converts audio with ffmpeg (see findFfmpeg): the container is recognised from the bytes and
 * opened with its own demuxer only; the duration is read from the header ffmpeg prints before it
 * encodes, and a file over the limit is refused then, ffmpeg stopped (413); the conversion itself is
 * capped at the limit too, for headers that lie. Input and output live in a private temporary folder that is always
 * removed; each ffmpeg is killed with its process group on timeout or when the request is given up.
 *
 * @example await convertAudio(buffer, { format: 'mp3', bitrate: 192 }, { maxDurationSeconds: 1200, timeoutMs: 60_000, programs }, signal)
 */
export async function convertAudio(
  data: Uint8Array,
  options: AudioConvertOptions,
  limits: AudioLimits,
  signal?: AbortSignal,
): Promise<AudioResult> {
  checkAudioOptions(options);
  if (data.byteLength === 0)
    throw new OperationError('UNPROCESSABLE_FILE', 'The audio file is empty (0 bytes).');
  const type = await fileTypeFromBuffer(data);
  const demuxer = type ? inputDemuxers[type.ext] : undefined;
  if (!type || !demuxer) {
    throw new OperationError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The file is not audio in a format this converter reads${type ? ` (it looks like ${type.ext.toUpperCase()})` : ''}: send ${readableFormatsText}.`,
    );
  }
  if (demuxer === 'ogg' && oggIsTruncated(data)) {
    throw new OperationError(
      'UNPROCESSABLE_FILE',
      `The ${type.ext.toUpperCase()} file cannot be decoded to its end: it is truncated (its last page is cut short or missing).`,
    );
  }
  const ffmpeg = await findFfmpeg(limits.ffmpeg);
  const spec = outputFormats[options.format];
  const maxOutput = limits.maxOutputBytes ?? 256 * 1024 * 1024;
  const deadline = Date.now() + limits.timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());

  // FLAC, whose header states the length, comes in through a pipe, and a result whose muxer never
  // goes back to patch a header goes out through one: no private folder, no file written or read
  // back (a tenth of a short clip's time). The rest are files (see streamedDemuxers; MP3's and
  // MP4's headers are rewritten at the end).
  const pipeIn = streamedDemuxers.has(demuxer);
  const pipeOut = spec.streamed === true;
  const convert = async (dir?: string) => {
    const input = pipeIn || !dir ? undefined : join(dir, 'input');
    const output = pipeOut || !dir ? undefined : join(dir, `output.${spec.extension}`);
    if (input) await writeFile(input, data);

    // One ffmpeg run: it prints the input's header (with its duration) before it encodes, and an
    // input longer than the limit is refused right then, the process killed. A separate probe run
    // cost a quarter of a short conversion's time.
    const limit = limits.maxDurationSeconds;
    let declared: number | undefined;
    let headerRead = false;
    let audioSeen = false;
    let decodeError = false;
    let estimated = false;
    let lastTime: string | undefined;
    const watchStderr = (stderr: string) => {
      audioSeen ||= audioStream.test(stderr);
      // Seen as it is printed: the stderr kept at the end is only its last part.
      decodeError ||= decodeErrors.test(stderr);
      estimated ||= estimatedDuration.test(stderr);
      if (!output) lastTime = lastMatch(stderr, progressTime) ?? lastTime;
      if (headerRead) return undefined;
      // Up to its comma: a chunk may end in the middle of the value.
      const duration = /Duration: ([^,\n]+),/.exec(stderr);
      if (!duration) return undefined;
      headerRead = true;
      declared = seconds(duration[1]);
      return declared !== undefined && declared > limit
        ? new OperationError(
            'PAYLOAD_TOO_LARGE',
            `The audio is ${clock(declared)} long; at most ${clock(limit)} can be converted.`,
          )
        : undefined;
    };

    const source = input ? `file:${input}` : 'pipe:3';
    const args = [...inputArgs(demuxer, source), '-map', '0:a:0', '-vn', '-sn', '-dn', '-c:a', spec.encoder];
    if (spec.lossy) args.push(...(options.bitrate ? ['-b:a', `${options.bitrate}k`] : spec.lossy.defaults));
    if (options.sample_rate !== undefined) args.push('-ar', String(options.sample_rate));
    if (options.channels !== undefined) args.push('-ac', String(options.channels));
    // A header that understates the length cannot make ffmpeg work past the limit.
    args.push('-t', String(limit + 1), '-fs', String(maxOutput + 1));
    args.push(...(spec.extra ?? []), '-progress', output ? 'pipe:1' : 'pipe:2', '-nostats');
    args.push('-f', spec.muxer, '-y', output ? `file:${output}` : 'pipe:1');
    const converted = await limits.programs.run(ffmpeg.path, args, {
      timeoutMs: remaining(),
      ...(signal ? { signal } : {}),
      ...(dir ? { cwd: dir } : {}),
      ...(pipeIn ? { input: data } : {}),
      maxOutputBytes: output ? 1024 * 1024 : maxOutput + 1024 * 1024,
      watchStderr,
    });
    const unreadable = () =>
      new OperationError(
        'UNPROCESSABLE_FILE',
        `The ${type.ext.toUpperCase()} file could not be read: it is damaged, truncated or holds no audio.`,
        { cause: converted.stderr },
      );
    if (!audioSeen) throw unreadable();
    if (converted.code !== 0 && /Error while opening encoder|encoder setup failed/.test(converted.stderr)) {
      const asked = [
        options.bitrate && `${options.bitrate} kbit/s`,
        options.sample_rate && `${options.sample_rate} Hz`,
        options.channels && (options.channels === 1 ? 'mono' : 'stereo'),
      ].filter(Boolean);
      throw new OperationError(
        'VALIDATION_ERROR',
        `The ${options.format.toUpperCase()} encoder cannot write this audio${asked.length ? ` at ${asked.join(', ')}` : ''}; try another bitrate or sample_rate.`,
        { field: options.bitrate ? 'bitrate' : 'sample_rate', cause: converted.stderr },
      );
    }
    if (converted.code !== 0) {
      throw new OperationError(
        'UNPROCESSABLE_FILE',
        `The ${type.ext.toUpperCase()} file could not be converted: it is damaged or truncated.`,
        { cause: converted.stderr },
      );
    }
    if (output) lastTime = lastMatch(converted.stdout.toString('utf8'), progressTime);
    const written = seconds(lastTime) ?? declared ?? 0;
    if (written > limit) {
      throw new OperationError(
        'PAYLOAD_TOO_LARGE',
        `The audio is longer than ${clock(limit)}, the most that can be converted.`,
      );
    }
    const size = output ? (await stat(output)).size : converted.stdout.length;
    if (size > maxOutput) {
      throw new OperationError(
        'PAYLOAD_TOO_LARGE',
        `The converted ${options.format.toUpperCase()} would be larger than ${megabytes(maxOutput)} MB; choose a compressed format, a lower sample rate or mono.`,
      );
    }
    const whole = wholeDecode({ written, declared, decodeError, estimated });
    if (whole !== 'ok') {
      throw new OperationError(
        'UNPROCESSABLE_FILE',
        whole === 'empty'
          ? `The ${type.ext.toUpperCase()} file holds no audio: it has a header but no samples.`
          : `The ${type.ext.toUpperCase()} file cannot be decoded to its end: it is damaged or truncated.`,
        { cause: converted.stderr },
      );
    }
    const result = output ? await readFile(output) : converted.stdout;
    if (result.length === 0) throw unreadable();
    return {
      data: result,
      extension: spec.extension,
      mime: spec.mime,
      durationSeconds: Math.round(written * 1000) / 1000,
      inputFormat: type.ext,
    };
  };
  return pipeIn && pipeOut ? convert() : limits.programs.withTempDir('audio-', convert);
}
