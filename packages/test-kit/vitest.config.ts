import { defineProject } from 'vitest/config';

// The kit's own behaviour that tests and benchmarks rely on.
export default defineProject({
  test: { name: 'test-kit', environment: 'node', include: ['src/**/*.test.ts'] },
});
