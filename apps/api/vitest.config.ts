import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./test/helpers/private-tmpdir.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
