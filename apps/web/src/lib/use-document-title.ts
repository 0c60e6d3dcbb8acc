import { useEffect } from 'react';

/** The site's name, appended to every page's own title. */
export const SITE_NAME = 'StudyCircle';

/** "Study Rooms – StudyCircle"; the bare site name without a page title. */
export function documentTitle(pageTitle: string | undefined): string {
  const page = pageTitle?.trim();
  return page ? `${page} – ${SITE_NAME}` : SITE_NAME;
}

/**
 * Names the browser tab (and what a screen reader announces on arrival) after the page, e.g.
 * "Study Rooms – StudyCircle", while the page is shown. On leaving, the site's default title goes
 * back (the `data-default` the prerender keeps on <title>), so a page without its own never shows
 * a stale one. Marketing pages use their feature's usePageMeta, which also sets link previews.
 */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    if (pageTitle === undefined) return;
    siteTitle ??= document.title;
    document.title = documentTitle(pageTitle);
    return () => {
      document.title = document.head.querySelector('title')?.dataset.default ?? siteTitle!;
    };
  }, [pageTitle]);
}

/** The title the page loaded with (index.html's), before any page named itself. */
let siteTitle: string | undefined;
