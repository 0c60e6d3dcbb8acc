// Zod must be configured before any schema module loads (see lib/zod-config.ts).
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { LandingPage } from './app/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server sends `/` prerendered (landing.html, written by the build from prerender.tsx), so it
// paints before any script runs; React adopts that markup once the landing chunk (preloaded by
// index.html) is in. Every other path starts empty.
if (window.location.pathname === '/' && root.hasChildNodes()) {
  void LandingPage.preload()
    .catch(() => undefined)
    .then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
