import { defineProject } from 'vitest/config';

// The benchmark's own logic (parsing the start script, choosing rounds, verdicts), not the benchmarks:
// those run with `npm run bench`.
export default defineProject({
  test: {
    name: 'bench',
    include: ['lib/**/*.test.ts', 'image-resize/**/*.test.ts', 'operations/**/*.test.ts'],
    environment: 'node',
  },
});
