import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/app';

/**
 * The landing route rendered to HTML at build time (`vite build --ssr`, see vite/prerender.mjs),
 * from the tree main.tsx renders in the browser, so the page paints before its JavaScript has
 * loaded and React then hydrates it. `prerender` waits for the lazy landing chunk; an unlimited
 * chunk size keeps every boundary inline, with no script to reveal it (the CSP allows none).
 */
export async function renderLanding(): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location="/">
        <AppContent />
      </StaticRouter>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
