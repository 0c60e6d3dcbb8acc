import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS, prerenderedFile, renderPage } from './prerender';

const HEADINGS: Record<string, string> = {
  '/': 'Learn. Collaborate. Succeed.',
  '/features': 'Tools built for studying together',
  '/community': 'A community that learns together',
  '/groups': 'Study group pages',
};

describe('renderPage', () => {
  it('prerenders the four public pages, each to its own file', () => {
    expect(PRERENDERED_PATHS).toEqual(['/', '/features', '/community', '/groups']);
    expect(PRERENDERED_PATHS.map(prerenderedFile)).toEqual([
      'index.html',
      'features.html',
      'community.html',
      'groups.html',
    ]);
  });

  for (const path of Object.keys(HEADINGS)) {
    it(`renders ${path} whole, with the logged-out bar and the menu button disabled`, async () => {
      const html = await renderPage(path);
      const h1 = /<h1\b[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
      expect(h1).toBe(HEADINGS[path]);
      // The page chunk resolved: no loading bar and no pending Suspense boundary.
      expect(html).not.toContain('Loading page');
      expect(html).not.toContain('<!--$?-->');
      // Spec section 2: public paths show the logged-out bar, signed in or not.
      expect(html).toMatch(/<a [^>]*href="\/login"[^>]*>Sign In<\/a>/);
      // A tap before hydration would otherwise be swallowed with no sign of why.
      expect(html).toMatch(/<button[^>]*aria-label="Open menu"[^>]*disabled=""/);
    });
  }

  it('leaves the contact form out of /community: it loads when the visitor nears it', async () => {
    const html = await renderPage('/community');
    expect(html).toContain('Loading the contact form…');
    expect(html).not.toContain('<form');
  });

  it('refuses a path that is not prerendered', async () => {
    await expect(renderPage('/login')).rejects.toThrow('/login is not prerendered');
  });
});
