import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Each test file gets a temporary directory of its own (os.tmpdir() reads TMPDIR on every call, and the
// programs the operations start inherit it). Files run two at a time; several tests prove that an
// operation leaves no temporary folder behind by listing the temporary directory before and after,
// which another file's conversion running at the same moment would otherwise disturb. The system's
// directory is remembered in case a worker process runs several files in turn.
const root = process.env.TOOLKIT_TEST_TMP_ROOT ?? tmpdir();
process.env.TOOLKIT_TEST_TMP_ROOT = root;
const dir = mkdtempSync(join(root, 'toolkit-test-'));
process.env.TMPDIR = dir;

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
