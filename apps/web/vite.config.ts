import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { preloadLanding } from './vite/preload-landing.js';

// The dev server proxies the API and the socket to the Fastify server on :3000, so the browser
// always talks to one origin, as in production.
export default defineConfig({
  plugins: [react(), tailwindcss(), preloadLanding()],
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
