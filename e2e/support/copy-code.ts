import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './test.js';
import { tool } from './tools.js';

// "Copy as cURL / JavaScript / Python" (issue 32), as a visitor uses it: copy, then run the code
// beside the file it names. The context needs the clipboard permissions ('clipboard-read', 'clipboard-write').

export const languages = {
  curl: { button: 'Copy as cURL', file: 'copied.sh', command: 'sh' },
  javascript: { button: 'Copy as JavaScript', file: 'copied.mjs', command: 'node' },
  python: { button: 'Copy as Python', file: 'copied.py', command: 'python3' },
} as const;
export type Language = keyof typeof languages;

/** Clicks one "Copy as" button and returns what it put on the clipboard. */
export async function copyAs(page: Page, language: Language): Promise<string> {
  const group = tool.main(page).getByRole('group', { name: 'Copy as' });
  await group.getByRole('button', { name: languages[language].button }).click();
  await expect(group.getByRole('status')).toHaveText('Copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * Runs copied code in a fresh folder holding `input` under its own name (the code reads the file
 * by that name) and returns the one file the code saved there.
 */
export async function runCopied(code: string, language: Language, input?: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'panel-share-'));
  try {
    if (input) await copyFile(input, join(dir, basename(input)));
    const { file, command } = languages[language];
    await writeFile(join(dir, file), code);
    await new Promise<void>((resolve, reject) => {
      execFile(command, [file], { cwd: dir, timeout: 60_000 }, (error, _stdout, stderr) =>
        error ? reject(new Error(`${command} failed: ${stderr}`)) : resolve(),
      );
    });
    const made = (await readdir(dir)).filter((name) => name !== file && name !== (input && basename(input)));
    expect(made, `${language}: the code saves one file`).toHaveLength(1);
    return await readFile(join(dir, made[0] ?? ''));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
