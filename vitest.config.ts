import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace project; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'packages/test-kit',
      'apps/server',
      'apps/web',
      'scripts',
      // The boundary table's probes lint code through the root ESLint configuration.
      {
        test: {
          name: 'boundaries',
          environment: 'node',
          include: ['eslint-rules/**/*.test.js'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
