import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { Room } from '@studycircle/shared';
import { vi } from 'vitest';
import { AuthProvider } from '../../auth';

/** A room as the API returns it, for tests. */
export function makeRoom(over: Partial<Room> = {}): Room {
  const id = over.id ?? '0123456789abcdef01234567';
  return {
    _id: id,
    name: 'Calculus Crew',
    code: 'ABC234',
    slug: 'calculus-crew',
    subject: 'Mathematics',
    description: 'Limits, series and coffee.',
    visibility: 'public',
    isPrivate: false,
    members: 3,
    maxMembers: 50,
    status: 'active',
    tags: ['exam'],
    createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    ownerId: 'owner',
    userRole: 'member',
    isMember: true,
    joinedAt: new Date().toISOString(),
    ...over,
    id,
  };
}

/** Shows where the router ended up, so tests can assert navigations. */
function WhereAmI() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

/** Renders `element` at `path` inside a memory router and a fresh query client. */
export function renderAt(
  element: ReactElement,
  { path = '/', route = path, state }: { path?: string; route?: string; state?: unknown } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  return {
    client,
    router,
    ...render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>,
    ),
  };
}

/** Replaces fetch with a handler keyed by "METHOD /path"; unknown calls answer 404. */
export function mockApi(
  routes: Record<string, (body: unknown) => { status?: number; body: unknown }>,
) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const handler = routes[`${method} ${path}`];
    const answer = handler
      ? handler(body)
      : { status: 404, body: { message: 'Not found', error: 'Not found', code: 'NOT_FOUND' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/**
 * A stand-in for the live link in component tests (vi.mock of lib/socket): never connected, so
 * screens that subscribe to a room's channel render as they do before the link is up.
 */
export function fakeSocketModule() {
  const socket = {
    connected: false,
    id: undefined,
    on: vi.fn(),
    off: vi.fn(),
    emit: vi.fn(),
    timeout: () => socket,
  };
  return { acquireSocket: () => ({ socket, release: () => {} }) };
}
