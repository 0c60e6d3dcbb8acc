import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppContent } from './app/app';
import { PRERENDERED_ROUTES } from './app/router';
import { PageMetaSink, pageMetaTags, type PageMeta } from './features/marketing';

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
 * The page's metadata (usePageMeta) comes back beside the markup, for applyPageMeta.
 */
export async function renderPage(path: string): Promise<{ markup: string; meta: PageMeta }> {
  if (!PRERENDERED_ROUTES.has(path)) throw new Error(`renderPage: ${path} is not prerendered`);
  let meta: PageMeta | undefined;
  const { prelude } = await prerender(
    <StrictMode>
      <PageMetaSink.Provider value={(pageMeta) => (meta = pageMeta)}>
        <StaticRouter location={path}>
          <AppContent />
        </StaticRouter>
      </PageMetaSink.Provider>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const markup = await new Response(prelude).text();
  if (!meta) throw new Error(`renderPage: ${path} set no title (usePageMeta)`);
  return { markup, meta };
}

/** Escapes text for an attribute value or element text alike. */
const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * Puts a page's own title and metadata tags into the HTML shell (dist/index.html holds the
 * site's), keeping the site's value in `data-default` for usePageMeta to restore when the visitor
 * moves on to a page without metadata of its own. Throws if the shell lacks one of the tags.
 */
export function applyPageMeta(html: string, meta: PageMeta): string {
  const replaceOnce = (pattern: RegExp, replace: (...groups: string[]) => string) => {
    if (!pattern.test(html)) throw new Error(`applyPageMeta: no match for ${pattern}`);
    html = html.replace(pattern, (_match, ...groups: string[]) => replace(...groups));
  };
  replaceOnce(
    /<title>([^<]*)<\/title>/,
    // The site's title is HTML text already: only a quote needs escaping inside the attribute.
    (site) =>
      `<title data-default="${site.replaceAll('"', '&quot;')}">${escapeHtml(meta.title)}</title>`,
  );
  for (const { attribute, key, content } of pageMetaTags(meta)) {
    replaceOnce(
      new RegExp(`<meta\\s+${attribute}="${key}"\\s+content="([^"]*)"\\s*/?>`),
      (site) =>
        `<meta ${attribute}="${key}" content="${escapeHtml(content)}" data-default="${site}">`,
    );
  }
  return html;
}
