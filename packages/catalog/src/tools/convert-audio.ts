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
    mediaTypes: [
      'audio/mpeg',
      'audio/wav',
      'audio/ogg',
      'audio/opus',
      'audio/flac',
      'audio/aac',
      'audio/mp4',
    ],
    headers: [
      {
        name: 'X-Duration-Seconds',
        description: 'Length of the converted audio, in seconds.',
        type: 'number',
      },
    ],
    response: 'The converted audio with an X-Duration-Seconds header.',
  },
});
