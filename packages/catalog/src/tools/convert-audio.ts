import { defineTool } from '../define-tool.js';

export const convertAudio = defineTool({
  id: 'convert-audio',
  group: 'media',
  title: 'Audio Format Converter',
  description:
    'Convert audio between MP3, WAV, OGG, Opus, FLAC, AAC and M4A, with bitrate, sample rate and channels.',
  keywords: ['mp3', 'wav', 'ogg', 'opus', 'flac', 'aac', 'm4a', 'ffmpeg', 'audio'],
  status: 'planned',
  api: {
    path: '/audio/convert',
    input: { kind: 'file', field: 'audio', accept: ['audio/*'] },
    output: 'audio',
    response: 'The converted audio with an X-Duration-Seconds header.',
  },
});
