import { defaultLimits, getTool, toolReference } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';
import { maxAudioMinutes, uploadLimit } from './texts';

// The panels' limit sentences come from the catalog, as the docs' error tables do: they cannot disagree.
describe('limit texts', () => {
  it.each(['pdf-to-text', 'file-detection', 'file-conversion', 'convert-audio'] as const)(
    '%s: the upload limit is the one its error table names',
    (id) => {
      const tool = getTool(id);
      expect(uploadLimit(tool)).toBe('25 MB');
      const tooLarge = toolReference(tool).errors.find((row) => row.code === 'PAYLOAD_TOO_LARGE');
      expect(tooLarge?.when).toContain(`over ${uploadLimit(tool)}`);
    },
  );

  it('says the audio duration limit in minutes', () => {
    expect(defaultLimits.audioMaxDurationSeconds).toBe(1200);
    expect(maxAudioMinutes).toBe('20 minutes');
  });
});
