// Writes dist/sw.js, the app's service worker (service-worker/sw.ts, decision 0060), with the list
// of files it precaches. Runs after the prerender (its pages and boot script are in the list) and
// before the precompress step (which then writes sw.js's own .br and .gz copies); see package.json
// `build`. `node vite/service-worker.mjs [dist]` works on another copy of a build too (the e2e test
// of an update serves a copy and builds its worker again after changing a file).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const web = fileURLToPath(new URL('..', import.meta.url));

/**
 * What the worker keeps. Left out: the compressed copies (the browser asks for the plain URL and
 * the server negotiates the encoding), the worker itself, the link-preview picture and robots.txt
 * (never loaded by a page), and the whiteboard's 13 MB of hand-drawn fonts (the whiteboard is a
 * live room tool, and loads the few it draws with from the network).
 */
const SKIP = [
  /\.(br|gz)$/,
  /^sw\.js$/,
  /^og-image\.jpg$/,
  /^robots\.txt$/,
  /^assets\/excalidraw-[^/]+\//,
  /^prerendered\/.*\.html$/,
];
/** Hashed by the bundler (name-hash.ext, or the boot script's boot-hash.js): the name is the revision. */
const HASHED = /^assets\/(?!excalidraw-).*-[\w-]{8,}\.\w+$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const revision = (path) =>
  createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);

/** The precache list for a build in `dist`, sorted so that the same build gives the same worker. */
export function precacheManifest(dist) {
  const entries = [];
  for (const path of files(dist)) {
    const name = relative(dist, path).split(sep).join('/');
    if (SKIP.some((pattern) => pattern.test(name))) continue;
    entries.push(
      HASHED.test(name)
        ? { url: `/${name}`, revision: null }
        : { url: `/${name}`, revision: revision(path) },
    );
  }
  // Each prerendered page under the path the server sends it for (plugins/spa.ts): / gets
  // prerendered/index.html, /features prerendered/features.html. Every other page is /index.html.
  for (const file of readdirSync(join(dist, 'prerendered'))) {
    const page = /^([a-z0-9-]+)\.html$/.exec(file)?.[1];
    if (!page) continue;
    entries.push({
      url: page === 'index' ? '/' : `/${page}`,
      revision: revision(join(dist, 'prerendered', file)),
    });
  }
  return entries.sort((a, b) => a.url.localeCompare(b.url));
}

/** Bundles service-worker/sw.ts with the list for `dist` into dist/sw.js; returns the list. */
export async function writeServiceWorker(dist = join(web, 'dist')) {
  const manifest = precacheManifest(dist);
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: {
      __PRECACHE_MANIFEST__: JSON.stringify(manifest),
      // Workbox's development logging and argument checks go.
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      lib: { entry: join(web, 'service-worker/sw.ts'), formats: ['iife'], name: 'sw' },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result).output;
  const chunk = output.find((file) => file.type === 'chunk' && file.isEntry);
  if (!chunk) throw new Error('service-worker: the bundle has no entry chunk');
  writeFileSync(join(dist, 'sw.js'), chunk.code);
  // Compressed copies of an earlier worker would be sent in place of this one.
  for (const ext of ['.br', '.gz']) rmSync(join(dist, `sw.js${ext}`), { force: true });
  return manifest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? join(web, 'dist');
  const manifest = await writeServiceWorker(dist);
  const bytes = manifest.reduce((n, e) => {
    const file = e.url === '/' ? 'prerendered/index.html' : e.url.slice(1);
    try {
      return n + readFileSync(join(dist, file)).length;
    } catch {
      return n + readFileSync(join(dist, 'prerendered', `${file}.html`)).length;
    }
  }, 0);
  process.stdout.write(
    `service-worker: dist/sw.js precaches ${manifest.length} files, ${(bytes / 1024).toFixed(0)} KB before compression\n`,
  );
}
