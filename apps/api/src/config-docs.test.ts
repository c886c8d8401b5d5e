import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configurationDocPath, renderConfigurationDoc } from './config-docs.js';

describe('docs/configuration.md', () => {
  it('is what `npm run docs:config` writes from config.ts', () => {
    const committed = readFileSync(new URL(`../../../${configurationDocPath}`, import.meta.url), 'utf8');
    expect(committed, 'docs/configuration.md is out of date: run `npm run docs:config`').toBe(
      renderConfigurationDoc(),
    );
  });

  it("agrees with the README's table of the settings people change most", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const rows = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \| ([^|]+) \|/gm)];
    expect(rows.length).toBe(10);
    const page = renderConfigurationDoc();
    for (const [, name, shown] of rows) expect(page, name).toContain(`| \`${name}\` | ${shown} | `);
  });

  it('lists each variable with its default, accepted values and description', () => {
    const page = renderConfigurationDoc(
      z.object({
        SIZE: z.coerce.number().int().min(1).max(64).default(4).describe('Slots | at once.'),
        MODE: z.enum(['a', 'b']).default('b').describe('The mode.'),
        ON: z.stringbool().default(false).describe('Turns it on.'),
        AT: z.url().optional().describe('Where.'),
      }),
    );
    expect(page).toContain('| `SIZE` | `4` | 1–64 | Slots \\| at once. |\n');
    expect(page).toContain('| `MODE` | `b` | `a`, `b` | The mode. |\n');
    expect(page).toContain('| `ON` | `false` | `true`, `false` | Turns it on. |\n');
    expect(page).toContain('| `AT` | (none) | URL | Where. |\n');
  });

  it('refuses a variable without a description', () => {
    expect(() => renderConfigurationDoc(z.object({ NEW_SETTING: z.string().default('x') }))).toThrow(
      "NEW_SETTING has no description: add .describe('…') in config.ts.",
    );
  });
});
