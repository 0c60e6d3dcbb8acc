import { useEffect } from 'react';

/**
 * Sets the document title and the description meta tag while a page is shown, and puts the
 * previous values back when it goes, so a page without its own metadata never inherits ours.
 * The Open Graph pair follows along for link previews rendered by a browser.
 */
export function usePageMeta(title: string, description: string) {
  useEffect(() => {
    const previousTitle = document.title;
    const restore = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', description),
    ];
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
  const previous = element.content;
  element.content = content;
  const meta = element;
  return () => {
    if (created) meta.remove();
    else meta.content = previous;
  };
}
