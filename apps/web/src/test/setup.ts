import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { queryClient } from '../lib/query-client';

// The app's shared query cache: no retries in tests (a failure should show at once), and a clean
// cache for every test, since one module instance serves a whole test file.
queryClient.setDefaultOptions({
  queries: { retry: false, refetchOnWindowFocus: false },
  mutations: { retry: false },
});

// An unexpected console.error (a React warning, an unhandled rejection logged by a component)
// fails the test that caused it.
const originalError = console.error;
afterEach(() => {
  cleanup();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
});
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error called: ${args.map(String).join(' ')}`);
});
