import { defineConfig } from 'vitest/config';

/**
 * `TEST_SCOPE=server` (CI's PostgreSQL and Redis pass, and its Node 24 pass) runs only the
 * server's tests, the ones DATABASE_URL, REDIS_URL and the runtime change; the web app, shared
 * rules and tooling tests touch none of them and run in the first pass. The browser suite reads the
 * same variable (e2e/playwright.config.ts).
 */
const scope = process.env.TEST_SCOPE ?? 'all';
if (scope !== 'all' && scope !== 'server') {
  throw new Error(`TEST_SCOPE must be "all" or "server", not "${scope}"`);
}

// One Vitest run over every workspace project; each project keeps its own environment.
export default defineConfig({
  test: {
    projects:
      scope === 'server'
        ? ['apps/server']
        : [
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
