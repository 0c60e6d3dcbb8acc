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

/*
 * The web tests' one harness: render inside the app's real providers on a memory router, and
 * answer the app's requests with a fake fetch. Every component and page test uses these two, so
 * a test reads the same way whichever feature it is in.
 */

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

type Entry = string | { pathname: string; search?: string; hash?: string; state?: unknown };

/**
 * Renders routes inside the app's real providers (the shared query cache, auth) on a memory
 * router, as the app does in declarative mode, so a test can navigate and then assert where it
 * ended up via `currentLocation()` (pathname, search, hash and state). The cache is the app's own
 * instance (the auth provider uses it); the test setup clears it after each test.
 */
export function renderRoutes(
  routes: RouteObject[],
  { initialEntries = ['/'] }: { initialEntries?: Entry[] } = {},
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

/** Pages a redirect or a link may land on; each renders a stub naming its path. */
const STUB_PATHS = ['/login', '/register', '/dashboard', '/forgot-password', '/dashboard/rooms'];

/**
 * Renders one element at `url` (with navigation `state`), mounted on the route `pattern` (say
 * '/rooms/room/:roomId'; the url's path by default), beside stub routes so a redirect or link has
 * somewhere to land; `currentLocation()` says where it did.
 */
export function renderPage(
  element: ReactElement,
  { url = '/', pattern, state }: { url?: string; pattern?: string; state?: unknown } = {},
) {
  const { pathname, search, hash } = new URL(url, 'http://localhost');
  const route = pattern ?? pathname;
  const stubs = STUB_PATHS.filter((p) => p !== route).map((p) => ({
    path: p,
    element: <p>Stub page {p}</p>,
  }));
  return renderRoutes(
    [{ path: route, element }, ...stubs, { path: '*', element: <p>Stub page other</p> }],
    { initialEntries: [{ pathname, search, hash, state }] },
  );
}

/** One request the app made, as the fake fetch saw it. */
export interface ApiCall {
  method: string;
  /** The path as the browser requests it, '/api/...', without the query string. */
  path: string;
  /** The query string, '' or '?...'. */
  search: string;
  body: unknown;
  headers: Record<string, string>;
}

/** What the fake server answers: a status (200 by default) and a JSON body (none by default). */
export interface ApiAnswer {
  status?: number;
  body?: unknown;
}

/**
 * A route's answer, or a function of the request that gives it. A function that throws or
 * rejects is a request that got no answer at all (a network failure).
 */
export type ApiRoute = ApiAnswer | ((call: ApiCall) => ApiAnswer | Promise<ApiAnswer>);

const NOT_FOUND: ApiAnswer = {
  status: 404,
  body: { message: 'Not found', error: 'Not found', code: 'NOT_FOUND' },
};

/**
 * Replaces fetch with a fake server keyed by "METHOD /api/path" (the path without its query
 * string). Unmatched requests answer 404, so a test never reaches the network. Returns the calls
 * it recorded, in order, and the mock itself for a test that needs to answer by hand. Calling it
 * again in the same test replaces the routes.
 */
export function mockApi(routes: Record<string, ApiRoute>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const call: ApiCall = {
      method,
      path: url.pathname,
      search: url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const answer =
      route === undefined ? NOT_FOUND : typeof route === 'function' ? await route(call) : route;
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
