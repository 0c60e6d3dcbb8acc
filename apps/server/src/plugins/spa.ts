import { existsSync, readdirSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@studycircle/shared';
import { errorBody } from './errors.js';

/**
 * Serves the built web app (apps/web/dist). Hashed files under /assets are cached for a year
 * (their names change with their content); index.html is always revalidated so a deploy shows
 * at once, and the service worker (/sw.js) is never taken from a cache without asking. Any other GET that is not under /api or /socket.io gets index.html, so client routes
 * load directly; unknown /api paths get a JSON 404. The public pages the build prerendered
 * (prerendered/index.html for /, prerendered/features.html for /features, ...) are sent instead for
 * their exact path: the same page with that route's markup in place, which React hydrates. Other
 * paths never get them, so /login does not flash the landing page's markup.
 */

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Path -> file for each prerendered page of the build (see apps/web/vite/prerender.mjs). */
function prerenderedPages(root: string): Map<string, string> {
  const dir = `${root}/prerendered`;
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const file of readdirSync(dir)) {
    const name = /^([a-z0-9-]+)\.html$/.exec(file)?.[1];
    if (name) pages.set(name === 'index' ? '/' : `/${name}`, `prerendered/${file}`);
  }
  return pages;
}

export default fp(
  async function spaPlugin(app: FastifyInstance, options: { webDist?: string }) {
    const root = options.webDist ?? DEFAULT_WEB_DIST;
    const hasBuild = existsSync(`${root}/index.html`);
    const prerendered = hasBuild ? prerenderedPages(root) : new Map<string, string>();
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies at the highest levels (apps/web/vite/precompress.mjs);
        // a file without one is compressed per request by @fastify/compress.
        preCompressed: true,
        setHeaders(res, filePath) {
          if (filePath.includes('/assets/')) {
            res.header('Cache-Control', 'public, max-age=31536000, immutable');
          } else if (/^sw\.js(\.br|\.gz)?$/.test(relative(root, filePath))) {
            // The service worker (decision 0060) names every file of its version: a cached copy
            // would keep an old version running. Browsers skip the HTTP cache for it by default
            // (updateViaCache 'imports'), a proxy in between might not. The build's
            // brotli copy (sw.js.br) is the same file.
            res.header('Cache-Control', 'no-cache');
          } else {
            res.header('Cache-Control', 'public, max-age=0, must-revalidate');
          }
        },
      });
    } else {
      app.log.warn({ root }, 'web build not found: only the API is served');
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
      if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
        // A path with a file extension is a missing asset, not a client route.
        if (!/\.[a-z0-9]+$/i.test(path)) {
          return reply
            .header('Cache-Control', 'no-cache')
            .type('text/html; charset=utf-8')
            .sendFile(prerendered.get(path) ?? 'index.html');
        }
      }
      return reply
        .status(404)
        .send(errorBody(ERROR_CODES.notFound, `Route ${request.method} ${path} not found`));
    });
  },
  { name: 'spa' },
);
