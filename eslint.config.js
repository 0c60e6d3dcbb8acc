import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './eslint-rules/boundaries.js';

/**
 * One lint configuration for the whole repository. Besides correctness rules it keeps the layers
 * apart (STYLE.md): shared imports only zod; web features do not reach into each other; lib/ and
 * ui/ never import features; only the gateways touch sockets, media and the database. Each rule
 * is proven by a probe in apps/server/src/lint-boundaries.test.ts.
 */

const restrict = (patterns) => ['error', { patterns }];

/** WebRTC objects: only the call feature's media layer (features/call/webrtc/) may touch them. */
const WEBRTC_GLOBALS = ['RTCPeerConnection', 'RTCSessionDescription', 'RTCIceCandidate'];
const WEBRTC_ONLY = "Only the call feature's webrtc/ media layer touches WebRTC and media devices.";

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
    plugins: { boundaries },
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
        { group: ['**/app/**'], message: 'Features do not import app/; app/ composes features.' },
      ]),
    },
  },
  {
    // Relative imports too: a feature reaches another only through that feature's index.ts.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: { 'boundaries/feature-index-only': 'error' },
  },
  {
    // One socket module: the typed client lives in lib/socket.ts and nowhere else.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/socket.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'socket.io-client',
              message: 'Only lib/socket.ts imports socket.io-client.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // One gateway for media: tests may stand in fakes, nothing else may reach the browser APIs.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/call/webrtc/**', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...WEBRTC_GLOBALS.map((name) => ({ name, message: WEBRTC_ONLY })),
      ],
      'no-restricted-properties': [
        'error',
        ...WEBRTC_GLOBALS.map((property) => ({ object: 'window', property, message: WEBRTC_ONLY })),
        ...WEBRTC_GLOBALS.map((property) => ({
          object: 'globalThis',
          property,
          message: WEBRTC_ONLY,
        })),
        { property: 'getUserMedia', message: WEBRTC_ONLY },
        { property: 'getDisplayMedia', message: WEBRTC_ONLY },
      ],
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
  {
    // A module uses another module through its service, never its repository.
    files: ['apps/server/src/**/*.ts'],
    rules: { 'boundaries/no-foreign-repository': 'error' },
  },
  {
    // Only the socket plugin creates the Socket.IO server (types may be imported anywhere).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/plugins/socket.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'socket.io',
              message: 'Only plugins/socket.ts creates the Socket.IO server; use app.io.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
