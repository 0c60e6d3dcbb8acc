import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockApi, renderRoutes } from '../test/render';
import { UnknownRoute } from './unknown-route';

describe('UnknownRoute', () => {
  it('sends any other path to /dashboard/rooms (docs/product.md §2.2)', async () => {
    mockApi({});
    const { currentLocation } = renderRoutes(
      [
        { path: '/dashboard/rooms', element: <h1>Rooms</h1> },
        { path: '*', element: <UnknownRoute /> },
      ],
      { initialEntries: ['/no-such-page'] },
    );
    expect(await screen.findByRole('heading', { name: 'Rooms' })).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard/rooms'));
  });

  it('shows a not-found page rather than loop when /dashboard/rooms itself is unknown', async () => {
    mockApi({});
    renderRoutes([{ path: '*', element: <UnknownRoute /> }], {
      initialEntries: ['/dashboard/rooms'],
    });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });
});
