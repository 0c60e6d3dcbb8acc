import { createContext, useContext, useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
}

/** The head tags a page's metadata fills: the description, and the title and description again
 * for link previews (Open Graph, and Twitter's own pair, which it reads before Open Graph). */
export function pageMetaTags({ title, description }: PageMeta) {
  return [
    { attribute: 'name', key: 'description', content: description },
    { attribute: 'property', key: 'og:title', content: title },
    { attribute: 'property', key: 'og:description', content: description },
    { attribute: 'name', key: 'twitter:title', content: title },
    { attribute: 'name', key: 'twitter:description', content: description },
  ] as const;
}

/**
 * Receives each page's metadata while the build prerenders it (prerender.tsx), where no effect
 * runs, so the page's HTML carries its own title for crawlers and link previews without JS.
 */
export const PageMetaSink = createContext<((meta: PageMeta) => void) | null>(null);

/**
 * Sets the document title and the metadata tags while a page is shown, and puts the previous
 * values back when it goes, so a page without its own metadata never inherits ours. A prerendered
 * page's HTML already holds its own values, with the site's defaults in `data-default`
 * (prerender.tsx, applyPageMeta): those are what goes back.
 */
export function usePageMeta(title: string, description: string) {
  useContext(PageMetaSink)?.({ title, description });
  useEffect(() => {
    const titleElement = document.head.querySelector('title');
    const previousTitle = titleElement?.dataset.default ?? document.title;
    const restore = pageMetaTags({ title, description }).map(({ attribute, key, content }) =>
      setMeta(attribute, key, content),
    );
    document.title = title;
    return () => {
      document.title = previousTitle;
      for (const undo of restore) undo();
    };
  }, [title, description]);
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !element;
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  const previous = element.dataset.default ?? element.content;
  element.content = content;
  const meta = element;
  return () => {
    if (created) meta.remove();
    else meta.content = previous;
  };
}
