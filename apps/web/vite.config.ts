import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { pageCss } from './vite/page-css.js';

/** Each page chunk's CSS, for the prerender (vite/page-css.ts); vite/prerender.mjs reads it. */
const PAGE_CSS_FILE = fileURLToPath(new URL('node_modules/.cache/page-css.json', import.meta.url));

// The dev server proxies the API and the socket to the Fastify server on :3000, so the browser
// always talks to one origin, as in production.
export default defineConfig({
  plugins: [react(), tailwindcss(), pageCss(PAGE_CSS_FILE)],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
  },
});
