import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockApi, sampleUser } from '../../test/render';
import { AuthProvider } from './auth-provider';
import { displayName } from './display-name';
import { dispatchUserDataUpdated } from './user-events';
import { useAuth } from './use-auth';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Probe() {
  const { user, loading, signOut } = useAuth();
  if (loading) return <p>loading</p>;
  return (
    <div>
      <p>{user ? `Signed in as ${displayName(user)}` : 'Signed out'}</p>
      <button onClick={() => void signOut()}>Sign Out</button>
    </div>
  );
}

const renderProbe = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );

describe('AuthProvider (spec section 4, Authentication)', () => {
  it('starts loading and ends signed out without a token, without calling the server', async () => {
    const calls = mockApi({});
    renderProbe();
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('fetches the profile with the stored token and merges cached profile fields', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('userProfile', JSON.stringify({ bio: 'cached bio' }));
    const calls = mockApi({ 'GET /api/auth/profile': { body: { user: sampleUser } } });
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
    const calls = mockApi({
      'GET /api/auth/profile': { body: { user: sampleUser } },
      'POST /api/auth/logout': { status: 500 },
    });
    renderProbe();
    await screen.findByText('Signed in as Asha Rao');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    const logout = calls.find((call) => call.url === '/api/auth/logout');
    expect(logout?.headers.Authorization).toBe('Bearer tok');
    expect(localStorage.getItem('token')).toBeNull();
    expect(JSON.parse(localStorage.getItem('userBackup') ?? '{}')).toMatchObject({
      email: 'asha@example.com',
    });
    expect(JSON.parse(localStorage.getItem('profileData') ?? '{}')).toMatchObject({
      name: 'asha Rao',
      email: 'asha@example.com',
    });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'asha Rao' });
  });
});
