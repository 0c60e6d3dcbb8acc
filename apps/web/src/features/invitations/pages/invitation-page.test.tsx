import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AuthProvider } from '../../auth';
import { InvitationPage } from './invitation-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const INVITATION = {
  roomId: '0123456789abcdef01234567',
  roomName: 'Calculus Crew',
  inviterName: 'Olivia Owner',
  email: 'third@example.com',
  role: 'admin',
  expiresAt: '2030-01-01T12:00:00.000Z',
};

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function mockFetch(routes: Record<string, () => { status?: number; body: unknown }>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      const handler = routes[`${init?.method ?? 'GET'} ${path}`];
      const answer = handler ? handler() : { status: 404, body: {} };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
}

function renderPage(signedIn: boolean): ReactElement {
  if (signedIn) localStorage.setItem('token', 'test-token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/invite/:token', element: <InvitationPage /> },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: ['/invite/tok123'] },
  );
  const ui = (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
  render(ui);
  return ui;
}

const profile = () => ({
  body: { user: { id: 'u3', _id: 'u3', name: 'Third', email: 'third@example.com' } },
});

describe('InvitationPage', () => {
  it('sends a signed-out visitor to sign in with a way back', async () => {
    mockFetch({});
    renderPage(false);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/login?redirect=%2Finvite%2Ftok123',
      ),
    );
    expect(sessionStorage.getItem('postLoginRedirect')).toBe('/invite/tok123');
  });

  it('shows the details, accepts, confirms and goes to the room after 1.5 s', async () => {
    mockFetch({
      'GET /auth/profile': profile,
      'GET /invitations/tok123': () => ({ body: INVITATION }),
      'POST /invitations/tok123/accept': () => ({
        body: { roomId: INVITATION.roomId, role: 'admin' },
      }),
    });
    renderPage(true);
    expect(await screen.findByRole('heading', { name: "You're invited" })).toBeInTheDocument();
    for (const text of ['Calculus Crew', 'Olivia Owner', 'third@example.com', 'Admin']) {
      expect(screen.getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    }
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' })),
    );
    expect(await screen.findByText(/Invitation accepted!/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1400));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByTestId('location')).toHaveTextContent(`/rooms/${INVITATION.roomId}`);
  });

  it('shows the not-found sentence when the invitation does not load', async () => {
    mockFetch({ 'GET /auth/profile': profile });
    renderPage(true);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation not found or expired.');
  });

  it("shows the server's accept error, else the fallback", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { message: 'This invitation has already been used.', error: 'x', code: 'X' },
    };
    mockFetch({
      'GET /auth/profile': profile,
      'GET /invitations/tok123': () => ({ body: INVITATION }),
      'POST /invitations/tok123/accept': () => answer,
    });
    renderPage(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation has already been used.',
    );
    answer = { status: 500, body: {} };
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to accept invitation.'),
    );
  });
});
