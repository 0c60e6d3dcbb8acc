import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * One lint configuration for the whole repository. Besides correctness rules it keeps the layers
 * apart (STYLE.md): shared imports only zod; web features do not reach into each other; lib/ and
 * ui/ never import features; only the gateways touch sockets, media and the database.
 */

const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Benchmarks and scripts report on standard output; the e2e fixtures follow Playwright's
    // required `({}, use)` signature for fixtures that need no other fixture.
    files: ['bench/**/*.ts', 'scripts/**/*.mjs', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    // Tests beside the code import their runner; the rule guards what the package ships.
    ignores: ['packages/shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          regex: '^(?!zod$|\\.).*',
          message: 'packages/shared depends on nothing but zod.',
        },
      ]),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/features/*/**', '!**/features/*/index', '!**/features/*/index.ts'],
          message: 'Import another feature through its index.ts, never its internals.',
        },
        {
          group: ['socket.io-client'],
          message: 'Only lib/socket.ts imports socket.io-client.',
        },
        { group: ['**/app/**'], message: 'Features do not import app/; app/ composes features.' },
      ]),
    },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/ui/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/socket.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/features/**', '**/app/**'],
          message: 'lib/ and ui/ never import features or app/.',
        },
        { group: ['socket.io-client'], message: 'Only lib/socket.ts imports socket.io-client.' },
      ]),
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['drizzle-orm', 'drizzle-orm/*', '@electric-sql/pglite', 'pg'],
          message: 'Only *.repository.ts and db/ touch the database.',
        },
      ]),
    },
  },
);
