// Zod must be configured before any schema module loads (see lib/zod-config.ts).
import './lib/zod-config';
import { StrictMode, startTransition, useEffect } from 'react';
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
// prerender.tsx) for their exact paths, so they paint before any script runs; their boot script
// loads this entry at the visitor's first sign of use (docs/decisions/0061), and React adopts that
// markup once the page's chunk is in. Every other path (and any other spelling of these, say with
// a trailing slash) gets the empty index.html and renders from scratch.
const prerendered = PRERENDERED_ROUTES.get(window.location.pathname);
if (prerendered && root.hasChildNodes()) {
  const stopPassingLinks = passLinkTapsToTheBrowser();
  void prerendered
    .preload()
    .catch(() => undefined)
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (the page is already on screen, so nothing waits for it).
    .then(() =>
      startTransition(() => {
        // From here React sees taps itself; one the boot script kept before (a button tapped while
        // this entry loaded) is tapped again once the page is adopted.
        document.documentElement.dataset.hydrating = '';
        const earlyTap = takeEarlyTap();
        const onHydrated = () => {
          stopPassingLinks();
          if (earlyTap?.isConnected) earlyTap.click();
        };
        hydrateRoot(
          root,
          <StrictMode>
            <App />
            <Hydrated onHydrated={onHydrated} />
          </StrictMode>,
        );
      }),
    );
} else {
  createRoot(root).render(app);
}

/**
 * Until React has adopted the prerendered page, a tap on a link is the browser's to follow
 * (docs/decisions/0006). Once hydrateRoot has attached React's listeners, React
 * holds a tap on a part it has not hydrated yet and first hydrates the whole page synchronously
 * (the page has no Suspense boundary to hydrate on its own), and only then lets the link's handler
 * navigate: on a slow phone, or a loaded machine, the tap seemed lost for seconds (CI saw 10 s).
 * This capture listener on the document runs before React's on the root: for a plain click on a
 * same-site link it stops the event there, so React never sees it, and the browser loads the page
 * as it would have before any script ran. Everything else (buttons, modified clicks, other sites,
 * new tabs, downloads) is left alone. Returns the function that removes the listener.
 */
function passLinkTapsToTheBrowser(): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    event.stopPropagation();
  };
  document.addEventListener('click', onClick, true);
  return () => document.removeEventListener('click', onClick, true);
}

/**
 * The button the visitor tapped before the app ran, which the boot script marked (vite/prerender.mjs):
 * the mark goes before React adopts the page (it is not part of the markup React expects).
 */
function takeEarlyTap(): HTMLElement | null {
  const button = document.querySelector<HTMLElement>('[data-early-tap]');
  button?.removeAttribute('data-early-tap');
  return button;
}

/** Renders nothing; its effect runs once React has committed the hydrated page. */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(() => {
    onHydrated();
    // Marks the page as adopted, for people debugging and for the e2e test of early taps.
    document.documentElement.dataset.hydrated = '';
  }, [onHydrated]);
  return null;
}
