import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '@studycircle/test-kit';
import { finish, goal } from './lib/goals.js';

/**
 * The public pages' JavaScript, gzipped, as the server sends each prerendered page
 * (dist/prerendered/<page>.html), in two budgets per page. Before the visitor does anything: the
 * scripts the HTML itself loads (the theme script and the boot script), at most 5 KB, since the
 * page is whole without the app (docs/decisions/0061). At the first tap, key, focus or scroll, what
 * the boot script starts: the entry, every chunk the entry imports, and the page's own chunk with
 * every chunk it imports (the entry loads it before hydrating), at most 100 KB
 * (docs/decisions/0061). The landing page's files are listed one by one. Budgets: counted from the
 * build, so exceeding one fails the bench in every mode, CI's smoke run included. Run after
 * `npm run build`.
 */

const BUDGET_KB = 100;
/** What a prerendered page loads before the visitor's first interaction. */
const BEFORE_USE_BUDGET_KB = 5;
const dist = process.env.WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist');
const pagesDir = join(dist, 'prerendered');
if (!existsSync(join(pagesDir, 'index.html'))) {
  console.error('apps/web/dist/prerendered/index.html not found: run `npm run build` first.');
  process.exit(1);
}

const read = (url: string) => readFileSync(join(dist, url.replace(/^\//, '')));
const gzipKb = (buf: Buffer) => gzipSync(buf, { level: 9 }).length / 1024;
/** The size a browser accepting brotli receives: the build's .br copy where it wrote one
 * (apps/web/vite/precompress.mjs, files of 1 KB and more), else the file as it is. */
const servedBrotliKb = (url: string) => {
  const copy = join(dist, `${url.replace(/^\//, '')}.br`);
  return (existsSync(copy) ? statSync(copy).size : read(url).length) / 1024;
};

/** A chunk and every chunk it imports statically (`import ... from"./x.js"`), transitively. */
function withImports(url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const dir = url.slice(0, url.lastIndexOf('/') + 1);
  const source = read(url).toString('utf8');
  for (const m of source.matchAll(/\b(?:import|from)\s*["'](\.\/[^"']+\.js)["']/g)) {
    withImports(dir + m[1]!.slice(2), seen);
  }
  return seen;
}

interface Page {
  path: string;
  files: string[];
  /** The scripts the HTML loads itself, before any interaction. */
  beforeUseKb: number;
  /** What the boot script loads at the first interaction. */
  gzipKb: number;
  brotliKb: number;
  styles: string[];
}

/** What the browser loads for one prerendered page, starting from its HTML. */
function measurePage(file: string): Page {
  const path = file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
  const html = readFileSync(join(pagesDir, file), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  // The build's own scripts live under /assets; others (public/theme-init.js, which applies the
  // saved theme before the first paint) are loaded too and count towards the page's JavaScript.
  const boot = scripts.find((src) => src.startsWith('/assets/'));
  if (!boot) throw new Error(`no script in prerendered/${file}`);
  const headScripts = scripts.filter((src) => src !== boot);
  // The boot script names the entry; a page that loads the entry directly names it itself.
  const entry = /\.src="([^"]+\.js)"/.exec(read(boot).toString('utf8'))?.[1] ?? boot;
  // The route's own chunk, named after the page's module (landing-page-*.js for /).
  const chunkName = path === '/' ? 'landing-page' : `${path.slice(1)}-page`;
  const entrySource = read(entry).toString('utf8');
  const chunk = new RegExp(`["'/]((?:assets/)?${chunkName}-[\\w-]+\\.js)["']`).exec(
    entrySource,
  )?.[1];
  if (!chunk) throw new Error(`no ${chunkName} chunk is imported by ${entry}`);
  const files = [
    ...headScripts,
    boot,
    ...withImports(entry),
    ...withImports(`/assets/${chunk.replace(/^assets\//, '')}`),
  ];
  const unique = [...new Set(files)];
  const styles = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return {
    path,
    files: unique,
    beforeUseKb: [...headScripts, boot].reduce((n, url) => n + gzipKb(read(url)), 0),
    gzipKb: unique
      .filter((url) => url !== boot && !headScripts.includes(url))
      .reduce((n, url) => n + gzipKb(read(url)), 0),
    brotliKb: unique.reduce((n, url) => n + servedBrotliKb(url), 0),
    styles,
  };
}

const pages = readdirSync(pagesDir)
  .filter((f) => f.endsWith('.html'))
  .sort((a, b) => (a === 'index.html' ? -1 : b === 'index.html' ? 1 : a.localeCompare(b)))
  .map(measurePage);
const landing = pages[0]!;

const pad = (s: string, n: number) => s.padEnd(n);
const kb = (n: number) => `${n.toFixed(1)} KB`.padStart(10);
console.log(
  'Landing route (/), JavaScript as served (theme and boot scripts, then at first use the entry and page chunk), gzip -9',
);
for (const url of landing.files) {
  const buf = read(url);
  console.log(`  ${pad(url, 48)} ${kb(buf.length / 1024)} raw ${kb(gzipKb(buf))} gzip`);
}
console.log(`  ${pad('at first use', 48)} ${' '.repeat(14)} ${kb(landing.gzipKb)} gzip`);
// What the server actually sends to browsers that accept brotli: the build's .br copies.
console.log(
  `  (for reference: ${landing.brotliKb.toFixed(1)} KB with brotli 11, as served to modern browsers)`,
);
for (const s of landing.styles) {
  const buf = read(s);
  console.log(`  stylesheet ${pad(s, 37)} ${kb(buf.length / 1024)} raw ${kb(gzipKb(buf))} gzip`);
}
console.log('\nEvery prerendered page, JavaScript before any use / at first use, gzip -9');
for (const p of pages) {
  console.log(
    `  ${pad(p.path, 14)} ${kb(p.beforeUseKb)} / ${kb(p.gzipKb)} gzip in ${p.files.length} files`,
  );
}
// Two decimals: a page at 100.04 KB must not read as "100.0 KB ... MET".
for (const p of pages) {
  goal({
    name: `JavaScript of ${p.path} before any use, gzip -9`,
    target: `<= ${BEFORE_USE_BUDGET_KB} KB`,
    actual: `${p.beforeUseKb.toFixed(2)} KB`,
    met: p.beforeUseKb <= BEFORE_USE_BUDGET_KB,
    budget: true,
  });
  goal({
    name: `JavaScript of ${p.path} at first use, gzip -9`,
    target: `<= ${BUDGET_KB} KB`,
    actual: `${p.gzipKb.toFixed(2)} KB`,
    met: p.gzipKb <= BUDGET_KB,
    budget: true,
  });
}
finish();
