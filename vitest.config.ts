import { defineConfig } from 'vitest/config';

// One Vitest run over every workspace project; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web', 'scripts'],
  },
});
