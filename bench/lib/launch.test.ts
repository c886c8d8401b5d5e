import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLaunch, productionLaunch } from './launch.js';
import { repoDir } from './paths.js';

/** `NAME=${NAME:-value}`, the shell's "value unless NAME is set", as the start script writes it. */
const withDefault = (name: string, value: string, inner = name) => `${name}=\${${inner}:-${value}}`;

describe('parseLaunch', () => {
  it('reads environment defaults and plain values before node, and Node flags before the entry file', () => {
    expect(
      parseLaunch(
        `${withDefault('A', '2')} ${withDefault('B_', '16777216')} C=plain node --x=64 --y dist/server.js --not-node`,
      ),
    ).toEqual({ env: { A: '2', B_: '16777216', C: 'plain' }, nodeArgs: ['--x=64', '--y'] });
  });

  it('refuses a script it cannot read rather than dropping a setting', () => {
    expect(() => parseLaunch('tsx src/server.ts')).toThrow('Not a "… node … server.js" script');
    expect(() => parseLaunch('A=$HOME node server.js')).toThrow('Cannot read "A=$HOME"');
    const misnamed = withDefault('A', '1', 'B');
    expect(() => parseLaunch(`${misnamed} node server.js`)).toThrow(`Cannot read "${misnamed}"`);
  });
});

describe('productionLaunch', () => {
  it('has every setting of the root serve script', () => {
    const { scripts } = JSON.parse(readFileSync(join(repoDir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const words = scripts.serve?.split(/\s+/) ?? [];
    const launch = productionLaunch();
    expect(Object.keys(launch.env)).toEqual(
      words.slice(0, words.indexOf('node')).map((word) => word.split('=')[0]),
    );
    expect(launch.nodeArgs.length).toBe(words.filter((word) => word.startsWith('--')).length);
  });
});
