import { z } from 'zod';
import { defineTool, type HeaderFact } from '../define-tool.js';
import { integer, oneOf } from '../fields.js';

/** Audio formats the converter writes. */
export const audioFormats = ['mp3', 'wav', 'ogg', 'opus', 'flac', 'aac', 'm4a'] as const;

/** The audio formats the converter reads (recognised from their bytes), as the docs and the server's 415 say them. */
export const readableAudioText = 'MP3, WAV, OGG (Vorbis or Opus), FLAC, AAC, M4A, WebM, AIFF or WMA';
export type AudioFormat = (typeof audioFormats)[number];

/** The converter's own result header (the handler sets it by this name). */
export const durationHeader = {
  name: 'X-Duration-Seconds',
  description: 'Length of the converted audio, in seconds.',
  type: 'number',
} as const satisfies HeaderFact;

export const convertAudioRequest = z.object({
  format: oneOf('format', audioFormats).describe(
    'Output format: mp3 (MPEG Layer III), wav (16-bit PCM), ogg (Vorbis), opus (Opus in Ogg), flac (lossless), aac (ADTS) or m4a (AAC in MP4, index at the front for streaming).',
  ),
  bitrate: integer('bitrate', 32, 320)
    .optional()
    .describe(
      'Bitrate in kbit/s, for the lossy formats only (mp3, ogg, opus, aac, m4a). Default: 192 for MP3, AAC and M4A, 128 for Opus; Ogg Vorbis uses quality 5 (about 160 kbit/s). An encoder that cannot write a combination (e.g. Opus at 320 kbit/s in mono) is a 400.',
    ),
  sample_rate: integer('sample_rate', 8000, 96000)
    .optional()
    .describe(
      "Sample rate in Hz. Default: the input's, or the nearest one the format can hold (MP3 at most 48000; Opus is always 8000, 12000, 16000, 24000 or 48000).",
    ),
  channels: integer('channels', 1, 2)
    .optional()
    .describe(
      "1 (mono) or 2 (stereo). Default: the input's (more than 2 are mixed down where the format needs it).",
    ),
});

export const convertAudio = defineTool({
  id: 'convert-audio',
  group: 'media',
  icon: 'FileAudio',
  title: 'Audio Format Converter',
  description:
    'Convert audio between MP3, WAV, OGG, Opus, FLAC, AAC and M4A, with bitrate, sample rate and channels.',
  keywords: ['mp3', 'wav', 'ogg', 'opus', 'flac', 'aac', 'm4a', 'ffmpeg', 'audio'],
  status: 'live',
  api: {
    path: '/audio/convert',
    input: { kind: 'file', field: 'audio', accept: ['audio/*'] },
    output: 'audio',
    request: convertAudioRequest,
    mediaTypes: ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/flac', 'audio/aac', 'audio/mp4'],
    headers: [durationHeader],
    errors: [
      {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        when: `The file is not audio in a format the converter reads (${readableAudioText}), e.g. a text file or a playlist named .mp3. The type is read from the bytes, not the name.`,
      },
      {
        code: 'PAYLOAD_TOO_LARGE',
        when: 'The audio is longer than the limit (20 minutes by default), read from its header before converting.',
      },
      { code: 'UNPROCESSABLE_FILE', when: 'The audio is damaged or holds no audio stream.' },
    ],
    response: `The converted audio, with X-Duration-Seconds. Inputs: ${readableAudioText}, recognised from their bytes; metadata tags are kept where the format holds them.`,
    examples: [
      { title: 'Ogg Vorbis to MP3 at 128 kbit/s', fields: { format: 'mp3', bitrate: 128 } },
      { title: 'To 22.05 kHz mono WAV', fields: { format: 'wav', sample_rate: 22050, channels: 1 } },
      { title: 'To Opus at 64 kbit/s', fields: { format: 'opus', bitrate: 64 } },
      { title: 'To M4A (AAC)', fields: { format: 'm4a' } },
    ],
  },
});
