import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { mockApi, renderRoutes } from '../test/render';
import { lazyRoute } from './lazy-route';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** React reports errors an error boundary caught through console.error; expected here. */
function silenceCaughtErrors() {
  const spy = vi.mocked(console.error);
  const previous = spy.getMockImplementation();
  spy.mockImplementation(() => {});
  return () => spy.mockImplementation(previous ?? (() => {}));
}

function Broken(): never {
  throw new Error('page bug');
}

describe('lazyRoute', () => {
  it('shows the loading indicator while the chunk downloads, then the page', async () => {
    let resolve: (page: () => ReactElement) => void = () => {};
    const Page = lazyRoute(() => new Promise<() => ReactElement>((done) => (resolve = done)), {
      query: false,
    });
    mockApi({});
    renderRoutes([{ path: '/', element: <Page /> }]);
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    resolve(() => <h1>Loaded</h1>);
    expect(await screen.findByRole('heading', { name: 'Loaded' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('renders a preloaded page at once, without suspending (hydrating the prerendered /)', async () => {
    const load = vi.fn(() => Promise.resolve(() => <h1>Ready</h1>));
    const Page = lazyRoute(load, { query: false });
    await Page.preload();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    mockApi({});
    renderRoutes([{ path: '/', element: <Page /> }]);
    expect(screen.getByRole('heading', { name: 'Ready' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('prefetches the routes a page leads to once its own chunk is in, so they open at once', async () => {
    let resolveFirst: (page: () => ReactElement) => void = () => {};
    const loadNext = vi.fn(() =>
      Promise.resolve(() => (
        <>
          <h1>Call</h1>
          <Link to="/">Back</Link>
        </>
      )),
    );
    const Next = lazyRoute(loadNext, { query: false });
    const First = lazyRoute(
      () => new Promise<() => ReactElement>((done) => (resolveFirst = done)),
      { query: false, prefetch: () => [Next] },
    );
    mockApi({});
    renderRoutes([
      { path: '/', element: <First /> },
      { path: '/call', element: <Next /> },
    ]);
    await screen.findByRole('progressbar', { name: 'Loading page' });
    // Not before: the page's own chunk keeps the network to itself until it has arrived.
    expect(loadNext).not.toHaveBeenCalled();
    resolveFirst(() => <Link to="/call">Join</Link>);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Join' }));
    expect(loadNext).toHaveBeenCalledTimes(1);
    // Rendered in the same commit as the navigation: no loading bar, so React's reveal throttle
    // (300 ms after a fallback) never applies.
    expect(screen.getByRole('heading', { name: 'Call' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('tries a page again when its prefetch failed, instead of keeping the failure', async () => {
    const loadNext = vi
      .fn<() => Promise<() => ReactElement>>()
      .mockRejectedValueOnce(new Error('network blip'))
      .mockResolvedValue(() => <h1>Call</h1>);
    const Next = lazyRoute(loadNext, { query: false });
    const First = lazyRoute(() => Promise.resolve(() => <Link to="/call">Join</Link>), {
      query: false,
      prefetch: () => [Next],
    });
    await First.preload();
    await vi.waitFor(() => expect(loadNext).toHaveBeenCalledTimes(1));
    mockApi({});
    renderRoutes([
      { path: '/', element: <First /> },
      { path: '/call', element: <Next /> },
    ]);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Join' }));
    expect(await screen.findByRole('heading', { name: 'Call' })).toBeInTheDocument();
    expect(loadNext).toHaveBeenCalledTimes(2);
  });

  it('gives pages the shared query cache unless they opt out', async () => {
    function UsesQueries() {
      return <h1>{useQueryClient() ? 'Has cache' : 'No cache'}</h1>;
    }
    const Page = lazyRoute(() => Promise.resolve(UsesQueries));
    mockApi({});
    renderRoutes([{ path: '/', element: <Page /> }]);
    expect(await screen.findByRole('heading', { name: 'Has cache' })).toBeInTheDocument();
  });

  it('contains a failing page in its section, and leaving the path clears the error', async () => {
    const restore = silenceCaughtErrors();
    try {
      const BrokenPage = lazyRoute(() => Promise.resolve(Broken), { query: false });
      const Home = lazyRoute(
        () =>
          Promise.resolve(() => (
            <>
              <h1>Home</h1>
              <Link to="/broken">Go</Link>
            </>
          )),
        { query: false },
      );
      mockApi({});
      renderRoutes(
        [
          {
            path: '/',
            element: <Home />,
          },
          { path: '/broken', element: <BrokenPage /> },
        ],
        { initialEntries: ['/broken'] },
      );
      expect(
        await screen.findByRole('heading', { name: 'Something went wrong' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('link', { name: 'Go to home page' }));
      expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
