import { defineProject } from 'vitest/config';
import { catalogNavPlugin } from './build-tools/catalog-nav-plugin.ts';

export default defineProject({
  plugins: [catalogNavPlugin()],
  resolve: { tsconfigPaths: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'build-tools/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    // Panels render the whole frame in jsdom; on a loaded two-core machine 5 s is not always enough.
    testTimeout: 20_000,
  },
});
