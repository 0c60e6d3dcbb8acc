// Zod must be configured before any schema module loads (see lib/zod-config.ts).
import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { PRERENDERED_ROUTES } from './app/router';
import './index.css';

// public/theme-init.js set the theme before the first paint; from here on lib/theme keeps it in
// step (the system setting, other tabs). Loaded on the side, so the landing page's initial
// JavaScript (budget 100 KB, docs/decisions/0006) does not carry it.
void import('./lib/theme').then(({ applyTheme, watchTheme }) => {
  applyTheme();
  watchTheme();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server sends the public pages prerendered (prerendered/*.html, written by the build from
// prerender.tsx) for their exact paths, so they paint before any script runs; React adopts that
// markup once the page's chunk is in. Every other path (and any other spelling of these, say with
// a trailing slash) gets the empty index.html and renders from scratch.
const prerendered = PRERENDERED_ROUTES.get(window.location.pathname);
if (prerendered && root.hasChildNodes()) {
  void prerendered
    .preload()
    .catch(() => undefined)
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (the page is already on screen, so nothing waits for it);
    // a tap meanwhile makes React hydrate what was tapped first.
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}
