import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { TEST_PASSWORD_COST } from '../modules/auth/password.js';
import type { FastifyInstance } from 'fastify';

const INDEX_HTML = '<!doctype html><title>StudyCircle</title><div id="root"></div>';
const PAGE_JS = `export const page = ${JSON.stringify('y'.repeat(4000))};`;
const SW_JS = `self.addEventListener('fetch', () => {}); // ${'z'.repeat(4000)}`;
/** What the build writes to dist/prerendered/ (apps/web/vite/prerender.mjs), by path. */
const PRERENDERED = {
  '/': ['index.html', '<!doctype html><div id="root"><h1>Learn. Collaborate.</h1></div>'],
  '/features': ['features.html', '<!doctype html><div id="root"><h1>Tools</h1></div>'],
  '/community': ['community.html', '<!doctype html><div id="root"><h1>Community</h1></div>'],
  '/groups': ['groups.html', '<!doctype html><div id="root"><h1>Groups</h1></div>'],
} as const;

/**
 * A built web app in a temporary folder, served by the real app; `prerendered` adds the
 * prerendered pages.
 */
function servedDist({ prerendered }: { prerendered: boolean }) {
  const ctx = {} as { dist: string; database: Database; app: FastifyInstance };
  beforeAll(async () => {
    ctx.dist = mkdtempSync(join(tmpdir(), 'sc-dist-'));
    mkdirSync(join(ctx.dist, 'assets'));
    writeFileSync(join(ctx.dist, 'index.html'), INDEX_HTML);
    if (prerendered) {
      mkdirSync(join(ctx.dist, 'prerendered'));
      for (const [file, html] of Object.values(PRERENDERED)) {
        writeFileSync(join(ctx.dist, 'prerendered', file), html);
      }
    }
    writeFileSync(
      join(ctx.dist, 'assets', 'index-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))})`,
    );
    // What the build's precompress step writes beside a file (apps/web/vite/precompress.mjs).
    writeFileSync(join(ctx.dist, 'assets', 'page-def456.js'), PAGE_JS);
    writeFileSync(join(ctx.dist, 'assets', 'page-def456.js.br'), brotliCompressSync(PAGE_JS));
    // The service worker and its brotli copy (apps/web/vite/service-worker.mjs, precompress.mjs).
    writeFileSync(join(ctx.dist, 'sw.js'), SW_JS);
    writeFileSync(join(ctx.dist, 'sw.js.br'), brotliCompressSync(SW_JS));
    writeFileSync(join(ctx.dist, 'manifest.webmanifest'), '{"name":"StudyCircle"}');
    ctx.database = await openDatabase({ dataDir: ':memory:' });
    ctx.app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database: ctx.database,
      webDist: ctx.dist,
      passwordCost: TEST_PASSWORD_COST,
      logger: false,
    });
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.database.close();
    rmSync(ctx.dist, { recursive: true, force: true });
  });
  return ctx;
}

describe('serving the web app', () => {
  const served = servedDist({ prerendered: false });
  /** One GET of `url` from a client that accepts `encoding`. */
  const get = (url: string, encoding: string) =>
    served.app.inject({ url, headers: { 'accept-encoding': encoding } });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it("sends the build's brotli copy as it is, and the file itself to a client without brotli", async () => {
    const br = await get('/assets/page-def456.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(brotliCompressSync(PAGE_JS))).toBe(true);

    // No .gz copy of this file: the compress plugin gzips it per request instead.
    const gzip = await get('/assets/page-def456.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PAGE_JS);

    const plain = await get('/assets/page-def456.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE_JS);
  });

  it('answers client routes, / included, with index.html, revalidated on every visit', async () => {
    for (const url of ['/', '/dashboard/rooms', '/reset-password/abc?x=1']) {
      const res = await served.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toMatch(/no-cache|max-age=0/);
    }
  });

  it('sends the service worker revalidated on every check, as a script the page CSP lets run', async () => {
    for (const encoding of ['gzip, deflate, br', 'identity']) {
      const res = await get('/sw.js', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      // Never kept without asking: a stale copy would keep an old version of the app running.
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : 'br');
      expect(res.headers['content-security-policy']).toMatch(/worker-src 'self'/);
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    }
    // The install manifest is read by the browser as the web app manifest it is.
    const manifest = await get('/manifest.webmanifest', 'identity');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
  });

  it('keeps JSON 404s for unknown API paths and missing files', async () => {
    const api = await served.app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    const asset = await served.app.inject({ url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    // Without API_DOCS (the default) the OpenAPI document is one of them (plugins/schemas.ts).
    const docs = await served.app.inject({ url: '/api/openapi.json' });
    expect(docs.statusCode).toBe(404);
    expect(docs.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('serving the prerendered public pages', () => {
  const served = servedDist({ prerendered: true });

  it('answers each page exactly at its path with its file, revalidated like index.html', async () => {
    for (const [path, [, html]] of Object.entries(PRERENDERED)) {
      for (const url of [path, `${path}?utm_source=mail`]) {
        const res = await served.app.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body, url).toBe(html);
        expect(res.headers['cache-control']).toMatch(/no-cache|max-age=0/);
      }
    }
  });

  it('answers every other client route, and other spellings, with the empty index.html', async () => {
    const urls = [
      '/login',
      '/dashboard/rooms',
      '/reset-password/abc?x=1',
      // The router would show these pages too, but the markup is only for the exact path.
      '/features/',
      '/Features',
      '/community/contact',
      '/index',
      '/prerendered',
    ];
    for (const url of urls) {
      const res = await served.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toMatch(/no-cache|max-age=0/);
    }
  });
});
