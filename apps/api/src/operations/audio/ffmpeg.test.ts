import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ensureExecutable, findFfmpeg } from './ffmpeg.js';

const run = promisify(execFile);

describe('findFfmpeg', () => {
  it('uses a working ffmpeg with every encoder, the packaged one when there is no system ffmpeg', async () => {
    const packaged = await findFfmpeg({ system: false });
    expect(packaged.origin).toBe('package');
    expect(packaged.version).toMatch(/^ffmpeg version /);
  });

  it('makes a binary installed without its execute bit runnable (npm may skip the package chmod)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'media-exec-'));
    try {
      const binary = join(dir, 'ffmpeg');
      await writeFile(binary, '#!/bin/sh\necho ran\n', { mode: 0o644 });
      const usable = ensureExecutable(binary, join(dir, 'copies'));
      expect((await run(usable, [])).stdout).toBe('ran\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says clearly when FFMPEG_PATH does not work', async () => {
    await expect(findFfmpeg({ configured: '/nonexistent/ffmpeg' })).rejects.toThrow(
      'FFMPEG_PATH=/nonexistent/ffmpeg does not run.',
    );
  });
});
