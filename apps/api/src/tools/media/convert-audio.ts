import { durationHeader, sizeHeaders } from '@toolkit/catalog';
import { convertAudio } from '../../operations/audio/convert.js';
import { programs } from '../../runtime/run-process.js';
import type { ToolHandler } from '../types.js';

/** POST /audio/convert */
export const convertAudioHandler: ToolHandler<'convert-audio'> = async (
  { fields, file },
  { config, signal },
) => {
  const audio = await convertAudio(
    file.data,
    fields,
    {
      maxDurationSeconds: config.limits.audioMaxDurationSeconds,
      timeoutMs: config.timeouts.audioMs,
      programs: programs(),
      ffmpeg: { configured: config.media.ffmpegPath },
    },
    signal,
  );
  return {
    kind: 'file',
    data: audio.data,
    contentType: audio.mime,
    extension: audio.extension,
    headers: {
      [durationHeader.name]: audio.durationSeconds,
      [sizeHeaders.originalSize.name]: file.data.length,
      [sizeHeaders.outputSize.name]: audio.data.length,
    },
  };
};
