import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPageMeta, PRERENDERED_PATHS, prerenderedFile, renderPage } from './prerender';

const HEADINGS: Record<string, string> = {
  '/': 'Learn. Collaborate. Succeed.',
  '/features': 'Tools built for studying together',
  '/community': 'A community that learns together',
  '/groups': 'Study group pages',
};

const TITLES: Record<string, string> = {
  '/': 'StudyCircle – Learn. Collaborate. Succeed.',
  '/features': 'Features – StudyCircle',
  '/community': 'Community – StudyCircle',
  '/groups': 'Study Groups – StudyCircle',
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
    it(`renders ${path} whole, with the logged-out bar and a menu button that takes a tap`, async () => {
      const { markup: html, meta } = await renderPage(path);
      expect(meta.title).toBe(TITLES[path]);
      expect(meta.description.length).toBeGreaterThan(50);
      const h1 = /<h1\b[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
      expect(h1).toBe(HEADINGS[path]);
      // The page chunk resolved: no loading bar and no pending Suspense boundary.
      expect(html).not.toContain('Loading page');
      expect(html).not.toContain('<!--$?-->');
      // docs/product.md §2.4: public paths show the logged-out bar, signed in or not.
      expect(html).toMatch(/<a [^>]*href="\/login"[^>]*>Sign In<\/a>/);
      // Enabled before the app runs: a tap there starts it and is replayed once the page is adopted
      // (main.tsx; a disabled button would receive no click to keep).
      expect(html).toMatch(/<button[^>]*aria-label="Open menu"/);
      expect(html).not.toMatch(/<button[^>]*aria-label="Open menu"[^>]*disabled=""/);
    });
  }

  it('leaves the contact form out of /community: it loads when the visitor nears it', async () => {
    const { markup: html } = await renderPage('/community');
    expect(html).toContain('Loading the contact form…');
    expect(html).not.toContain('<form');
  });

  it('refuses a path that is not prerendered', async () => {
    await expect(renderPage('/login')).rejects.toThrow('/login is not prerendered');
  });
});

describe('applyPageMeta', () => {
  // The source shell: the built dist/index.html differs only in its script and stylesheet tags.
  const shell = readFileSync(join(import.meta.dirname, '..', 'index.html'), 'utf8');
  const meta = { title: 'Features – StudyCircle', description: 'Rooms & "calls" <for> study.' };
  const head = () => new DOMParser().parseFromString(applyPageMeta(shell, meta), 'text/html');

  it("puts the page's title and description into every tag a crawler or link preview reads", () => {
    const doc = head();
    expect(doc.title).toBe('Features – StudyCircle');
    for (const selector of [
      'meta[name="description"]',
      'meta[property="og:description"]',
      'meta[name="twitter:description"]',
    ]) {
      expect(doc.querySelector<HTMLMetaElement>(selector)?.content, selector).toBe(
        'Rooms & "calls" <for> study.',
      );
    }
    for (const selector of ['meta[property="og:title"]', 'meta[name="twitter:title"]']) {
      expect(doc.querySelector<HTMLMetaElement>(selector)?.content, selector).toBe(meta.title);
    }
  });

  it("keeps the site's own values in data-default, for usePageMeta to restore", () => {
    const doc = head();
    const site = new DOMParser().parseFromString(shell, 'text/html');
    expect(doc.querySelector('title')?.dataset.default).toBe(site.title);
    expect(doc.querySelector<HTMLMetaElement>('meta[name="description"]')?.dataset.default).toBe(
      site.querySelector<HTMLMetaElement>('meta[name="description"]')?.content,
    );
  });

  it('refuses a shell that lacks one of the tags', () => {
    const withoutTwitter = shell.replace(/<meta\s+name="twitter:title"[^>]*>/, '');
    expect(() => applyPageMeta(withoutTwitter, meta)).toThrow('twitter:title');
  });
});
