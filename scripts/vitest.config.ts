import { defineProject } from 'vitest/config';

// Repository-wide checks that belong to no workspace (docs/product.md's rule citations).
export default defineProject({
  test: { name: 'scripts', environment: 'node', include: ['*.test.ts'] },
});
