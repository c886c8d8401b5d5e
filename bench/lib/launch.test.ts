import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launcher, launcherVariables } from './launch.js';
import { repoDir } from './paths.js';

describe('the launcher', () => {
  it('is what npm start and npm run serve run, and sets the variables the benchmark removes for a default run', () => {
    const { scripts } = JSON.parse(readFileSync(join(repoDir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe('sh scripts/serve.sh apps/api/dist/server.js');
    expect(scripts.serve).toBe(scripts.start);
    const exported = [...readFileSync(launcher, 'utf8').matchAll(/^export (\w+)=/gm)].map((m) => m[1]);
    expect(exported).toEqual([...launcherVariables]);
  });
});
