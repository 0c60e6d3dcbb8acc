import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { SIGNED_OUT_ELSEWHERE_MESSAGE } from '@studycircle/shared';
import { announceSessionEnded } from '../lib/session-ended';
import { mockApi, renderRoutes } from '../test/render';
import { sampleUser } from '../test/fixtures';
import { LoginPage } from '../features/auth/pages/login-page';
import { RootLayout } from './root-layout';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Ending the session loads the sign-out clean-up on demand: slow on a busy machine. */
const SLOW = { timeout: 5000 };

const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/tasks', element: <h1>Tasks</h1> },
    ],
  },
];

/**
 * Tasks is open to everyone, so no guard moves a student whose session ended elsewhere off it:
 * the layout does (docs/decisions/0055-devices-you-can-tell-apart.md).
 */
describe('SessionEndedRedirect', () => {
  it('sends a page open to everyone to sign-in at once, saying why, when the session ends elsewhere', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/auth/profile': { body: { user: sampleUser } } });
    const { currentLocation } = renderRoutes(routes, { initialEntries: ['/tasks'] });
    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeInTheDocument();

    act(() => announceSessionEnded());
    expect(await screen.findByText(SIGNED_OUT_ELSEWHERE_MESSAGE, {}, SLOW)).toBeVisible();
    expect(currentLocation().pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    // After signing in again the student is back where they were.
    expect(sessionStorage.getItem('postLoginRedirect')).toBe('/tasks');
  });

  it('a request refused because the session ended (HTTP 401) leads to the same message', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET /api/auth/profile': {
        status: 401,
        body: {
          message: 'Your session has expired. Please sign in again.',
          code: 'SESSION_ENDED',
        },
      },
    });
    const { currentLocation } = renderRoutes(routes, { initialEntries: ['/tasks'] });
    expect(await screen.findByText(SIGNED_OUT_ELSEWHERE_MESSAGE, {}, SLOW)).toBeVisible();
    expect(currentLocation().pathname).toBe('/login');
  });

  it('moves the tab once: the student may then open Tasks again', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/auth/profile': { body: { user: sampleUser } } });
    const { currentLocation } = renderRoutes(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/login', element: <Link to="/tasks">Go to tasks</Link> },
            { path: '/tasks', element: <h1>Tasks</h1> },
          ],
        },
      ],
      { initialEntries: ['/tasks'] },
    );
    await screen.findByRole('heading', { name: 'Tasks' });
    act(() => announceSessionEnded());
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Go to tasks' }, SLOW));
    expect(await screen.findByRole('heading', { name: 'Tasks' })).toBeVisible();
    expect(currentLocation().pathname).toBe('/tasks');
  });
});
