import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { mockApi, renderRoutes } from '../../test/render';
import { sampleUser } from '../../test/fixtures';
import { AuthProvider } from './auth-provider';
import { displayName } from './display-name';
import { announceSessionEnded } from '../../lib/session-ended';
import { dispatchUserDataUpdated } from './user-events';
import { useAuth } from './use-auth';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Probe() {
  const { user, loading, signOut, endedElsewhere } = useAuth();
  if (loading) return <p>loading</p>;
  return (
    <div>
      <p>{user ? `Signed in as ${displayName(user)}` : 'Signed out'}</p>
      {endedElsewhere && <p>Ended elsewhere</p>}
      <button onClick={() => void signOut()}>Sign Out</button>
    </div>
  );
}

/** The probe inside the app's providers (the auth provider among them). */
const renderProbe = () => renderRoutes([{ path: '/', element: <Probe /> }]);

describe('AuthProvider (docs/product.md §3.7)', () => {
  it('starts loading and ends signed out without a token, without calling the server', async () => {
    const { calls } = mockApi({});
    renderProbe();
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('fetches the profile with the stored token and merges cached profile fields', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('userProfile', JSON.stringify({ bio: 'cached bio' }));
    const { calls } = mockApi({ 'GET /api/auth/profile': { body: { user: sampleUser } } });
    renderProbe();
    expect(await screen.findByText('Signed in as Asha Rao')).toBeInTheDocument();
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      email: 'asha@example.com',
      bio: 'cached bio',
    });
  });

  it('removes the token when the profile fetch fails', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/auth/profile': { status: 500 } });
    renderProbe();
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the cached user when the profile check gets no answer at all (docs/product.md §3.7)', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(sampleUser));
    mockApi({
      'GET /api/auth/profile': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderProbe();
    expect(await screen.findByText('Signed in as Asha Rao')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('a check cancelled because the page is being left (a reload, a link away) keeps the session', async () => {
    localStorage.setItem('token', 'tok');
    let cancel: () => void = () => undefined;
    const { calls } = mockApi({
      'GET /api/auth/profile': () =>
        new Promise((_resolve, reject) => {
          cancel = () => reject(new TypeError('Failed to fetch'));
        }),
    });
    renderProbe();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // The browser's order when a page is left: pagehide first, then its requests fail.
    window.dispatchEvent(new Event('pagehide'));
    cancel();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(localStorage.getItem('token')).toBe('tok');
      expect(screen.queryByText('Signed out')).not.toBeInTheDocument();
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
  });

  it('the same check failing with no answer on a page that stays, and nothing cached, ends the session', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET /api/auth/profile': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderProbe();
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a session ended on another device forgets the account and says so (docs/product.md §3.8)', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/auth/profile': { body: { user: sampleUser } } });
    renderProbe();
    await screen.findByText('Signed in as Asha Rao');
    announceSessionEnded();
    expect(await screen.findByText('Ended elsewhere')).toBeInTheDocument();
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a session this tab ends itself (deleting the account) is not taken as ended elsewhere', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/auth/profile': { body: { user: sampleUser } } });
    let ending: ReturnType<typeof useAuth>['endingOwnSession'] | undefined;
    function Ender() {
      ending = useAuth().endingOwnSession;
      return null;
    }
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <Probe />
            <Ender />
          </>
        ),
      },
    ]);
    await screen.findByText('Signed in as Asha Rao');
    // The server's word arrives while the deletion's answer is still on its way.
    await ending!(async () => {
      announceSessionEnded();
      await new Promise((resolve) => setTimeout(resolve, 20));
      localStorage.removeItem('token');
    });
    announceSessionEnded();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Ended elsewhere')).not.toBeInTheDocument();
    expect(screen.getByText('Signed in as Asha Rao')).toBeInTheDocument();
  });

  it('a stored token refused with SESSION_ENDED on start says it was ended elsewhere', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET /api/auth/profile': {
        status: 401,
        body: { code: 'SESSION_ENDED', message: 'Your session has expired. Please sign in again.' },
      },
    });
    renderProbe();
    expect(await screen.findByText('Ended elsewhere')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('applies userDataUpdated events', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /api/auth/profile': { body: { user: sampleUser } } });
    renderProbe();
    await screen.findByText('Signed in as Asha Rao');
    dispatchUserDataUpdated({ name: 'meera' });
    expect(await screen.findByText('Signed in as Meera')).toBeInTheDocument();
  });

  it('Sign Out backs up the user, calls logout, removes the token and keeps the profile data', async () => {
    localStorage.setItem('token', 'tok');
    const { calls } = mockApi({
      'GET /api/auth/profile': { body: { user: sampleUser } },
      'POST /api/auth/logout': { status: 500 },
    });
    renderProbe();
    await screen.findByText('Signed in as Asha Rao');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    const logout = calls.find((call) => call.path === '/api/auth/logout');
    expect(logout?.headers.Authorization).toBe('Bearer tok');
    expect(localStorage.getItem('token')).toBeNull();
    expect(JSON.parse(localStorage.getItem('userBackup') ?? '{}')).toMatchObject({
      email: 'asha@example.com',
    });
    expect(JSON.parse(localStorage.getItem('profileData') ?? '{}')).toMatchObject({
      name: 'asha Rao',
      email: 'asha@example.com',
    });
  });

  it('Sign Out forgets everything account-bound and keeps only the backups and lastLoginEmail', async () => {
    localStorage.setItem('token', 'tok');
    sessionStorage.setItem('token', 'tok');
    localStorage.setItem('lastLoginEmail', 'asha@example.com');
    localStorage.setItem('userTasks', JSON.stringify([{ id: 1, title: 'Read' }]));
    localStorage.setItem('userProfile', JSON.stringify({ ...sampleUser, bio: 'mine' }));
    mockApi({
      'GET /api/auth/profile': { body: { user: sampleUser } },
      'POST /api/auth/logout': { body: { ok: true } },
    });
    const onSessionEnd = vi.fn();
    const client = new QueryClient();
    client.setQueryData(['rooms', 'list'], { pages: [{ rooms: [{ code: 'PRIV42' }] }] });
    render(
      <QueryClientProvider client={client}>
        <AuthProvider onSessionEnd={onSessionEnd}>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('Signed in as Asha Rao');
    sessionStorage.setItem('postLoginRedirect', '/rooms/room/0123456789abcdef01234567');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();

    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    for (const key of ['token', 'user', 'authUser', 'currentUser', 'userProfile']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('postLoginRedirect')).toBeNull();
    // The app's one query cache (the provider's own) holds nothing of the account any more.
    const { queryClient } = await import('../../lib/query-client');
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    // What Sign Out keeps for the person's return (docs/product.md §3.8), and device data that
    // belongs to no account.
    expect(localStorage.getItem('lastLoginEmail')).toBe('asha@example.com');
    expect(JSON.parse(localStorage.getItem('userBackup') ?? '{}')).toMatchObject({ bio: 'mine' });
    expect(localStorage.getItem('profileData')).not.toBeNull();
    expect(localStorage.getItem('userTasks')).not.toBeNull();
  });

  it('a stored token the server refuses ends the session the same way', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('user', JSON.stringify(sampleUser));
    mockApi({ 'GET /api/auth/profile': { status: 401 } });
    const onSessionEnd = vi.fn();
    render(
      <AuthProvider onSessionEnd={onSessionEnd}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("merges only the same person's backups into a new sign-in", async () => {
    // The previous student signed out on this computer: their backups stay for their return.
    localStorage.setItem(
      'userBackup',
      JSON.stringify({ id: 'prev-id', email: 'prev@example.com', name: 'Prev', phone: '555-0100' }),
    );
    localStorage.setItem(
      'profileData',
      JSON.stringify({ name: 'Prev', email: 'prev@example.com', phone: '555-0100' }),
    );
    mockApi({});
    function SignIn() {
      const { user, completeSignIn } = useAuth();
      return (
        <div>
          <p>{user ? `${displayName(user)} phone:${user.phone ?? 'none'}` : 'nobody'}</p>
          <button
            onClick={() =>
              completeSignIn(
                'tok',
                { id: 'next-id', email: 'next@example.com', name: 'Next' },
                'next@example.com',
              )
            }
          >
            In
          </button>
        </div>
      );
    }
    render(
      <AuthProvider>
        <SignIn />
      </AuthProvider>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'In' }));
    expect(await screen.findByText('Next phone:none')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).not.toHaveProperty('phone');
  });
});
