import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/app';
import { PRERENDERED_ROUTES } from './app/router';

/**
 * The paths the build prerenders, each to dist/prerendered/<prerenderedFile(path)>
 * (docs/decisions/0006-prerendered-public-pages.md).
 */
export const PRERENDERED_PATHS: readonly string[] = [...PRERENDERED_ROUTES.keys()];

/** `/` -> index.html, `/features` -> features.html; the server maps them back the same way. */
export function prerenderedFile(path: string): string {
  return `${path === '/' ? 'index' : path.slice(1)}.html`;
}

/**
 * One public page rendered to HTML at build time (`vite build --ssr`, see vite/prerender.mjs),
 * from the tree main.tsx renders in the browser, so the page paints before its JavaScript has
 * loaded and React then hydrates it. `prerender` waits for the lazy page chunk; an unlimited
 * chunk size keeps every boundary inline, with no script to reveal it (the CSP allows none).
 */
export async function renderPage(path: string): Promise<string> {
  if (!PRERENDERED_ROUTES.has(path)) throw new Error(`renderPage: ${path} is not prerendered`);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <AppContent />
      </StaticRouter>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
