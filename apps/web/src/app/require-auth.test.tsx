import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { mockApi, renderRoutes, type ApiAnswer } from '../test/render';
import { sampleUser } from '../test/fixtures';
import { RequireAuth } from './require-auth';

afterEach(() => {
  vi.unstubAllGlobals();
});

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from;
  return <p>Login screen from {from?.pathname ?? 'nowhere'}</p>;
}

const routes = [
  { path: '/login', element: <LoginProbe /> },
  {
    element: <RequireAuth />,
    children: [{ path: '/dashboard/notes', element: <h1>Notes</h1> }],
  },
];

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login, keeping path, query and hash in postLoginRedirect', async () => {
    mockApi({});
    const { currentLocation } = renderRoutes(routes, {
      initialEntries: ['/dashboard/notes?room=r1#files'],
    });
    expect(await screen.findByText('Login screen from /dashboard/notes')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/login');
    expect(sessionStorage.getItem('postLoginRedirect')).toBe('/dashboard/notes?room=r1#files');
  });

  it('shows a spinner while the stored token is checked, then the page', async () => {
    localStorage.setItem('token', 'good');
    let answer: (value: ApiAnswer) => void = () => {};
    const { calls } = mockApi({
      'GET /api/auth/profile': () => new Promise<ApiAnswer>((resolve) => (answer = resolve)),
    });
    renderRoutes(routes, { initialEntries: ['/dashboard/notes'] });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    await waitFor(() => expect(calls).toHaveLength(1));
    answer({ body: { user: sampleUser } });
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
  });

  it('removes a rejected token and redirects', async () => {
    localStorage.setItem('token', 'stale');
    mockApi({
      'GET /api/auth/profile': {
        status: 401,
        body: { message: 'Unauthorized', error: 'Unauthorized', code: 'UNAUTHORIZED' },
      },
    });
    const { currentLocation } = renderRoutes(routes, { initialEntries: ['/dashboard/notes'] });
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
