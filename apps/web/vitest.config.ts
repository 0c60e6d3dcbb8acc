import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { yTiptapFixes } from './vite/y-tiptap-fixes.js';

export default defineProject({
  plugins: [react(), yTiptapFixes()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // The room notes' editor binding runs through the same rewrite as in the app.
    server: { deps: { inline: [/@tiptap[\\/](y-tiptap|extension-collaboration)/] } },
  },
});
