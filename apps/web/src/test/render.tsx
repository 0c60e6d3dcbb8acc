import { useLayoutEffect, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  MemoryRouter,
  useLocation,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../features/auth';
import { queryClient } from '../lib/query-client';

function AppRoutes({
  routes,
  onLocation,
}: {
  routes: RouteObject[];
  onLocation: (location: Location) => void;
}) {
  const location = useLocation();
  useLayoutEffect(() => {
    onLocation(location);
  }, [location, onLocation]);
  return useRoutes(routes);
}

/**
 * Renders routes inside the app's real providers (the shared query cache, auth) on a memory
 * router, as the app does in declarative mode, so a test can navigate and then assert where it
 * ended up via `currentLocation()`. The cache is the app's own instance (the auth provider uses
 * it); the test setup clears it after each test.
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    initialEntries = ['/'],
  }: { initialEntries?: (string | { pathname: string; state?: unknown })[] } = {},
) {
  let location: Location | undefined;
  const utils = render(
    <MemoryRouter initialEntries={initialEntries}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AppRoutes
            routes={routes}
            onLocation={(next) => {
              location = next;
            }}
          />
        </AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  const currentLocation = (): Location => {
    if (!location) throw new Error('the router has not rendered yet');
    return location;
  };
  return { ...utils, currentLocation, queryClient };
}

/** Renders one page at `path` (with sibling stub routes so redirects have somewhere to land). */
export function renderPage(
  element: ReactElement,
  { path = '/', route = path, state }: { path?: string; route?: string; state?: unknown } = {},
) {
  const stubs = ['/login', '/register', '/dashboard', '/forgot-password', '/dashboard/rooms']
    .filter((p) => p !== path)
    .map((p) => ({ path: p, element: <p>Stub page {p}</p> }));
  return renderRoutes(
    [{ path, element }, ...stubs, { path: '*', element: <p>Stub page other</p> }],
    {
      initialEntries: [{ pathname: route, state }],
    },
  );
}

export interface FetchCall {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * Replaces fetch with a responder keyed by "METHOD /path". Unmatched requests answer 404, so a
 * test never reaches the network. Returns the recorded calls.
 */
export function mockApi(
  routes: Record<string, { status?: number; body?: unknown } | (() => Promise<never>)>,
): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input.toString();
      const method = init.method ?? 'GET';
      const path = url.replace(/^https?:\/\/[^/]+/, '');
      calls.push({
        url: path,
        method,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      });
      const route = routes[`${method} ${path}`];
      if (typeof route === 'function') return route();
      const status = route?.status ?? (route ? 200 : 404);
      const body = route
        ? route.body
        : { message: 'Not found', error: 'Not found', code: 'NOT_FOUND' };
      return new Response(body === undefined ? '' : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const sampleUser = {
  id: 'u1',
  _id: 'u1',
  name: 'asha Rao',
  email: 'asha@example.com',
  phone: '',
  location: '',
  bio: '',
  profilePic: '',
  university: '',
  major: '',
  yearOfStudy: '',
  createdAt: '2025-01-01T00:00:00.000Z',
};
