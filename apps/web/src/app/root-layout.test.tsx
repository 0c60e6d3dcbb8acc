import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderRoutes } from '../test/render';
import { sampleUser } from '../test/fixtures';
import { RootLayout } from './root-layout';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const page = (name: string) => <h1>{name}</h1>;
const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: page('Landing') },
      { path: '/login', element: page('Login') },
      { path: '/dashboard', element: page('Dashboard') },
      { path: '/tasks', element: page('Tasks') },
      { path: '/resources', element: page('Resources') },
      { path: '/dashboard/profile', element: page('Profile') },
      { path: '/rooms/call/:id', element: page('Call') },
      { path: '/invite/:token', element: page('Invitation') },
      { path: '/verify-email/:token', element: page('Verify') },
    ],
  },
];

describe('RootLayout', () => {
  it('shows the logged-out bar on public paths, with a skip link and main landmark', async () => {
    mockApi({});
    renderRoutes(routes, { initialEntries: ['/login'] });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Features', 'Community', 'Sign In', 'Get Started']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute(
      'href',
      '/#features',
    );
    expect(within(nav).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  // The first test of the file imports the invitation page and the signed-in bar cold: on a busy
  // machine that alone took more than Vitest's default 5 s.
  it.each([
    ['/invite/tok', 'Invitation'],
    ['/verify-email/tok', 'Verify'],
  ])(
    'shows a signed-in student their own bar on %s, not Sign In',
    async (path, heading) => {
      localStorage.setItem('token', 'tok');
      mockApi({
        'GET /api/auth/profile': { body: { user: sampleUser } },
        'GET /api/health': { body: { status: 'ok' } },
        'GET /api/invitations': { body: { invitations: [] } },
      });
      renderRoutes(routes, { initialEntries: [path] });
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 10_000 });
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    },
    20_000,
  );

  it('shows no bar on call routes', async () => {
    mockApi({});
    renderRoutes(routes, { initialEntries: ['/rooms/call/abc'] });
    expect(await screen.findByRole('heading', { name: 'Call' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('opens the logged-out mobile drawer and closes it with Escape', async () => {
    mockApi({});
    renderRoutes(routes, { initialEntries: ['/'] });
    const user = userEvent.setup();
    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the logged-in bar with links, notifications and the avatar menu', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET /api/auth/profile': {
        body: { user: { ...sampleUser, profilePic: 'https://example.com/broken.png' } },
      },
      'GET /api/health': { body: { status: 'ok' } },
      'GET /api/invitations': { body: { invitations: [] } },
    });
    const { currentLocation } = renderRoutes(routes, { initialEntries: ['/dashboard'] });
    // The signed-in bar is a lazy chunk; its first load can be slow on a busy machine.
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 10_000 });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const [name, href] of [
      ['Rooms', '/dashboard/rooms'],
      ['Notes', '/dashboard/notes'],
      ['Tasks', '/tasks'],
      ['Resources', '/resources'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up")).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByText("You're all caught up")).not.toBeInTheDocument();

    const trigger = await screen.findByRole('button', { name: 'Account menu for Asha Rao' });
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('asha@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('Online')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'My Profile' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard/profile'));
  });

  it('falls back to the default icon when the avatar image fails', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET /api/auth/profile': {
        body: { user: { ...sampleUser, profilePic: 'https://example.com/broken.png' } },
      },
    });
    renderRoutes(routes, { initialEntries: ['/dashboard'] });
    const trigger = await screen.findByRole(
      'button',
      { name: 'Account menu for Asha Rao' },
      { timeout: 10_000 },
    );
    // The picture is decorative (the trigger's label names the person), so it is found by tag.
    await waitFor(() => expect(trigger.querySelector('img')).not.toBeNull());
    const image = trigger.querySelector('img')!;
    expect(image).toHaveAttribute('alt', '');
    act(() => {
      image.dispatchEvent(new Event('error'));
    });
    expect(trigger.querySelector('img')).toBeNull();
    expect(trigger.querySelector('svg')).not.toBeNull();
  });

  it('without a token shows cached data, then redirects to /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('user', JSON.stringify({ name: 'cached kiran', email: 'k@x.io' }));
    mockApi({});
    const { currentLocation } = renderRoutes(routes, { initialEntries: ['/dashboard/profile'] });
    expect(
      await screen.findByRole('button', { name: 'Account menu for Cached kiran' }),
    ).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(currentLocation().pathname).toBe('/dashboard/profile');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(currentLocation().pathname).toBe('/login');
  });

  it.each(['/tasks', '/resources'])(
    'without a token stays on %s, which needs no login',
    async (path) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      localStorage.setItem('user', JSON.stringify({ name: 'cached kiran', email: 'k@x.io' }));
      mockApi({});
      const { currentLocation } = renderRoutes(routes, { initialEntries: [path] });
      expect(
        await screen.findByRole('button', { name: 'Account menu for Cached kiran' }),
      ).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(5000);
      });
      expect(currentLocation().pathname).toBe(path);
      expect(sessionStorage.getItem('postLoginRedirect')).toBeNull();
    },
  );

  it('Sign Out from the avatar menu ends at /login and removes the token', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({
      'GET /api/auth/profile': { body: { user: sampleUser } },
      'POST /api/auth/logout': { body: { ok: true } },
    });
    const { currentLocation } = renderRoutes(routes, { initialEntries: ['/dashboard'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account menu for Asha Rao' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('asks before Sign Out throws away unsent chat messages: Cancel stays, the other signs out', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem(
      'chatOutbox:u1',
      JSON.stringify([
        { roomId: 'r1', clientId: 'c1', text: 'on its way', at: 1 },
        { roomId: 'r2', clientId: 'c2', text: 'me too', at: 2 },
      ]),
    );
    mockApi({
      'GET /api/auth/profile': { body: { user: sampleUser } },
      'POST /api/auth/logout': { body: { ok: true } },
    });
    const { currentLocation } = renderRoutes(routes, { initialEntries: ['/dashboard'] });
    const user = userEvent.setup();
    const signOut = async () => {
      // The signed-in bar is loaded lazily: on a cold, loaded machine it takes a while.
      const menu = await screen.findByRole(
        'button',
        { name: 'Account menu for Asha Rao' },
        { timeout: 10_000 },
      );
      await user.click(menu);
      await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
      return screen.findByRole('dialog', { name: 'Sign out?' });
    };

    let question = await signOut();
    expect(within(question).getByRole('listitem')).toHaveTextContent(
      '2 unsent chat messages will be lost',
    );
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentLocation().pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('tok');

    question = await signOut();
    await user.click(within(question).getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    // Two trips through the menu and a dialog: more than the default 5 s on a loaded machine.
  }, 20_000);
});
