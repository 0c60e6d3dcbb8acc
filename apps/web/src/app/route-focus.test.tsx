import { useEffect, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteFocus } from './route-focus';

/** A page whose heading appears late, as a lazily loaded route's does. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 300);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>Dashboard</h1> : null;
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/start']}>
      <RouteFocus />
      <header>
        <Link to="/dashboard">Go to the dashboard</Link>
        <button type="button">Account menu</button>
      </header>
      <main id="main">
        <Routes>
          <Route path="/start" element={<h1>Start</h1>} />
          <Route path="/dashboard" element={<SlowPage />} />
        </Routes>
      </main>
    </MemoryRouter>,
  );
}

describe('RouteFocus', () => {
  it("moves focus to the new page's heading once it shows", async () => {
    renderApp();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    const heading = await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves focus where the person moved it while the page was still loading', async () => {
    renderApp();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    // The avatar menu opened before the page's heading arrived keeps its focus (and stays open).
    const menuButton = screen.getByRole('button', { name: 'Account menu' });
    menuButton.focus();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await new Promise((r) => setTimeout(r, 200));
    expect(menuButton).toHaveFocus();
  });
});
