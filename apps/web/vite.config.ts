import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { excalidrawAssets } from './vite/excalidraw-assets.js';
import { sharedMarketingIconFiles } from './vite/marketing-icons.js';
import { pageCss } from './vite/page-css.js';
import { yTiptapFixes } from './vite/y-tiptap-fixes.js';

/** Each page chunk's CSS, for the prerender (vite/page-css.ts); vite/prerender.mjs reads it. */
const PAGE_CSS_FILE = fileURLToPath(new URL('node_modules/.cache/page-css.json', import.meta.url));

/**
 * React Router publishes only its development build under its package exports (its production
 * build sits beside it, unexported: remix-run/react-router#12532). The browser bundle takes the
 * production one, which leaves out the development warnings; tests and the prerender keep them.
 * The path is not a public contract, so an upgrade that moves it stops the build here, by name.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
if (!existsSync(reactRouterProduction)) {
  throw new Error(
    `vite.config: React Router's production build is no longer at ${reactRouterProduction}; ` +
      'find its new place in node_modules/react-router/dist or drop the alias.',
  );
}

// The dev server proxies the API and the socket to the Fastify server on :3000, so the browser
// always talks to one origin, as in production.
export default defineConfig(({ command, isSsrBuild }) => {
  const browserBuild = command === 'build' && !isSsrBuild;
  const marketingIcons = browserBuild
    ? sharedMarketingIconFiles(fileURLToPath(new URL('src', import.meta.url)))
    : new Set<string>();
  return {
    plugins: [react(), tailwindcss(), pageCss(PAGE_CSS_FILE), excalidrawAssets(), yTiptapFixes()],
    resolve: {
      alias: browserBuild ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
    },
    // The dev server's pre-bundling would skip the rewrite of the editor binding.
    optimizeDeps: { exclude: ['@tiptap/y-tiptap'] },
    server: {
      port: 5173,
      proxy: {
        // `ws` for the room notes' websocket (/api/collab).
        '/api': { target: 'http://localhost:3000', ws: true },
        '/socket.io': { target: 'ws://localhost:3000', ws: true },
      },
    },
    build: {
      target: 'es2022',
      sourcemap: false,
      assetsInlineLimit: 0,
      // Every browser the app supports preloads modules itself (Chrome and Edge since 2018,
      // Firefox 115, Safari 17); the polyfill would cost every page, the landing page included,
      // about 0.35 KB gzip of its 100 KB budget. An older Safari still loads everything, only
      // without the early preload.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: browserBuild
            ? {
                groups: [
                  // Everything the entry imports goes into the entry's own file. Left alone, the
                  // bundler splits off what lazy pages share with it (React, the icon base, auth
                  // storage) into small files: more requests, and each compresses worse alone.
                  { name: 'index', tags: ['$initial'], priority: 2 },
                  // The bundler's helpers (CommonJS interop, namespace objects) ride with the
                  // entry too. Lazy chunks that need them (the whiteboard's CommonJS
                  // dependencies) would otherwise split them into a file of their own, one more
                  // request on every page, landing included (bench/landing-js.ts).
                  { name: 'index', test: /rolldown[:\\/]runtime/, priority: 3 },
                  // The icons the marketing pages draw, as one file (vite/marketing-icons.ts).
                  {
                    name: 'marketing-icons',
                    test: (id) => {
                      const icon =
                        /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+\.mjs)$/.exec(id);
                      return icon !== null && marketingIcons.has(icon[1]!);
                    },
                    priority: 1,
                  },
                  // Every other icon that several files draw, as one file for the signed-in
                  // pages. One file each would put a name per icon into the entry's preload map,
                  // which every page downloads, the landing page included (bench/landing-js.ts).
                  {
                    name: 'icons',
                    test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][\w-]+\.mjs$/,
                    minShareCount: 2,
                    priority: 0,
                  },
                  // The frame the marketing pages share (layout, footer, cards, hooks) as one
                  // file rather than one per component. Only those modules: pulling in what they
                  // import (icons) would make signed-in pages that share an icon load it all.
                  {
                    name: 'marketing',
                    test: /src[\\/]features[\\/]marketing[\\/](components|hooks)[\\/]/,
                    minShareCount: 2,
                    includeDependenciesRecursively: false,
                    priority: 1,
                  },
                  // TanStack Query as one file: the signed-in pages use most of it together, and
                  // split by module its nine small files each put a name into the entry's preload
                  // map, which every page downloads, landing included (bench/landing-js.ts).
                  {
                    name: 'query',
                    test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
                    priority: 1,
                  },
                  // The empty-state box rides with the card it resembles. In a file of its own
                  // its name would join the entry's preload map, which every page downloads,
                  // landing included (bench/landing-js.ts); the card's file is already there.
                  {
                    name: 'card',
                    test: /src[\\/]ui[\\/](card|empty-state)\.tsx$/,
                    includeDependenciesRecursively: false,
                    priority: 1,
                  },
                ],
              }
            : undefined,
        },
      },
    },
  };
});
