import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs the unit and HTTP tests of every workspace, and the benchmark's own logic.
// Browser tests live in e2e/ and run with Playwright (npm run test:e2e).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'bench'],
    // Two files at a time on a two-core machine (Vitest's default is one fewer than the cores): many
    // tests wait on programs (ffmpeg, LibreOffice) or on sockets rather than compute.
    maxWorkers: 2,
  },
});
