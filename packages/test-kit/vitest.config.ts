import { defineProject } from 'vitest/config';

// The kit's own behaviour that tests and benchmarks rely on. Building a network namespace needs
// root (CI runs as root); elsewhere its test does not run.
export default defineProject({
  test: {
    name: 'test-kit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: process.getuid?.() === 0 ? [] : ['src/netns.test.ts'],
  },
});
