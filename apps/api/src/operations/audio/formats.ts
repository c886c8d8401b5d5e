import { type AudioFormat, audioFormats } from '@toolkit/catalog';

/** Audio formats this converter writes (the catalog's list), with the ffmpeg encoder and muxer of each. */
export const audioOutputFormats = audioFormats;
export type AudioOutputFormat = AudioFormat;

export interface OutputFormatSpec {
  encoder: string;
  muxer: string;
  extension: string;
  mime: string;
  /** Lossy formats take a bitrate; these encoder options apply when none is asked for. */
  lossy?: { defaults: readonly string[] };
  /** Sample rates the encoder accepts; undefined: any from 8000 to 96000 Hz. */
  sampleRates?: readonly number[];
  /** Extra output options (container flags). */
  extra?: readonly string[];
  /** The muxer writes front to back, never seeking back to patch a header: it can write to a pipe. */
  streamed?: true;
}

const mpegRates = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
const aacRates = [...mpegRates, 64000, 88200, 96000] as const;

export const outputFormats: Record<AudioOutputFormat, OutputFormatSpec> = {
  mp3: {
    encoder: 'libmp3lame',
    muxer: 'mp3',
    extension: 'mp3',
    mime: 'audio/mpeg',
    lossy: { defaults: ['-b:a', '192k'] },
    sampleRates: mpegRates,
  },
  wav: { encoder: 'pcm_s16le', muxer: 'wav', extension: 'wav', mime: 'audio/wav' },
  // Vorbis in quality mode by default (about 160 kbit/s): its bitrate mode refuses some
  // combinations, such as 160 kbit/s of 96 kHz mono.
  ogg: {
    encoder: 'libvorbis',
    muxer: 'ogg',
    streamed: true,
    extension: 'ogg',
    mime: 'audio/ogg',
    lossy: { defaults: ['-q:a', '5'] },
  },
  opus: {
    encoder: 'libopus',
    muxer: 'opus',
    streamed: true,
    extension: 'opus',
    mime: 'audio/ogg; codecs=opus',
    lossy: { defaults: ['-b:a', '128k'] },
    sampleRates: [8000, 12000, 16000, 24000, 48000],
  },
  flac: { encoder: 'flac', muxer: 'flac', extension: 'flac', mime: 'audio/flac' },
  aac: {
    encoder: 'aac',
    muxer: 'adts',
    streamed: true,
    extension: 'aac',
    mime: 'audio/aac',
    lossy: { defaults: ['-b:a', '192k'] },
    sampleRates: aacRates,
  },
  // An MP4 file's index is written after the audio; +faststart moves it to the front so that a
  // player can start before the whole file has arrived (this needs a seekable file, not a pipe).
  m4a: {
    encoder: 'aac',
    muxer: 'ipod',
    extension: 'm4a',
    mime: 'audio/mp4',
    lossy: { defaults: ['-b:a', '192k'] },
    sampleRates: aacRates,
    extra: ['-movflags', '+faststart'],
  },
};

export const lossyFormats = audioOutputFormats.filter((format) => outputFormats[format].lossy !== undefined);

/**
 * Input containers recognised from their bytes (file-type's extension) and the only ffmpeg
 * demuxer each may be opened with. ffmpeg never guesses: a playlist, a concat script or any
 * other demuxer that can open further files is not on this list.
 */
export const inputDemuxers: Record<string, string> = {
  mp3: 'mp3',
  mp2: 'mp3',
  wav: 'wav',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  flac: 'flac',
  aac: 'aac',
  m4a: 'mov',
  mp4: 'mov',
  mov: 'mov',
  webm: 'matroska',
  mka: 'matroska',
  mkv: 'matroska',
  aif: 'aiff',
  aiff: 'aiff',
  asf: 'asf',
  wma: 'asf',
};

/**
 * Demuxers that read their input front to back and find the duration in its header (FLAC's
 * STREAMINFO), so that reading from a pipe loses nothing. WAV, MP3 and Ogg find their length from
 * the file's size or by seeking to its end (through a pipe: "Duration: N/A", and no early refusal of
 * a long file); MP4 may keep its index at the end.
 */
export const streamedDemuxers: ReadonlySet<string> = new Set(['flac']);

/** Every demuxer of inputDemuxers, for ffmpeg's -format_whitelist. */
export const allowedDemuxers = [...new Set(Object.values(inputDemuxers))].join(',');

/** The formats read, as the catalog documents them (the 415 message says the same). */
export { readableAudioText as readableFormatsText } from '@toolkit/catalog';
