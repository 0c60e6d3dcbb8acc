import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROOT } from './lib/processes.js';

/**
 * The landing route's initial JavaScript, gzipped, against a 100 KB budget: the entry script of
 * the production build's index.html plus every module it preloads (what the browser must fetch
 * before anything renders). The lazily loaded landing chunk and the CSS are printed for context.
 * Run after `npm run build`.
 */

const BUDGET_KB = 100;
const dist = process.env.WEB_DIST ?? join(ROOT, 'apps/web/dist');
const indexHtml = join(dist, 'index.html');
if (!existsSync(indexHtml)) {
  console.error('apps/web/dist/index.html not found: run `npm run build` first.');
  process.exit(1);
}

const html = readFileSync(indexHtml, 'utf8');
const attr = (tag: string, name: string) =>
  new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1] ?? undefined;
const tags = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[0]);

const entries = tags(/<script\b[^>]*type="module"[^>]*>/g)
  .map((t) => attr(t, 'src'))
  .filter((s): s is string => Boolean(s));
const preloads = tags(/<link\b[^>]*rel="modulepreload"[^>]*>/g)
  .map((t) => attr(t, 'href'))
  .filter((s): s is string => Boolean(s));
const styles = tags(/<link\b[^>]*rel="stylesheet"[^>]*>/g)
  .map((t) => attr(t, 'href'))
  .filter((s): s is string => Boolean(s));
if (entries.length === 0) throw new Error('no module entry script in dist/index.html');

const read = (url: string) => readFileSync(join(dist, url.replace(/^\//, '')));
const gzipKb = (buf: Buffer) => gzipSync(buf, { level: 9 }).length / 1024;

interface Row {
  file: string;
  rawKb: number;
  gzipKb: number;
}
const measure = (url: string): Row => {
  const buf = read(url);
  return { file: url, rawKb: buf.length / 1024, gzipKb: gzipKb(buf) };
};
const sum = (rows: Row[]) => rows.reduce((n, r) => n + r.gzipKb, 0);

const initial = [...new Set([...entries, ...preloads])].map(measure);
const total = sum(initial);

// The landing route's own chunk, which the router fetches lazily once the entry has run.
const entrySource = entries.map((e) => read(e).toString('utf8')).join('\n');
const landingChunk = /assets\/landing-page-[\w-]+\.js/.exec(entrySource)?.[0];

const pad = (s: string, n: number) => s.padEnd(n);
const kb = (n: number) => `${n.toFixed(1)} KB`.padStart(10);
console.log('Landing route, initial JavaScript (entry + modulepreload), gzip -9');
for (const r of initial)
  console.log(`  ${pad(r.file, 48)} ${kb(r.rawKb)} raw ${kb(r.gzipKb)} gzip`);
console.log(`  ${pad('total', 48)} ${' '.repeat(14)} ${kb(total)} gzip`);
const verdict = total <= BUDGET_KB ? 'within budget' : 'OVER BUDGET';
console.log(
  `  budget ${BUDGET_KB} KB: ${verdict} (${((total / BUDGET_KB) * 100).toFixed(0)}% of budget)`,
);
// What the server actually sends to browsers that accept it (@fastify/compress prefers brotli).
const brotliKb = [...new Set([...entries, ...preloads])].reduce(
  (n, url) => n + brotliCompressSync(read(url)).length / 1024,
  0,
);
console.log(
  `  (for reference: ${brotliKb.toFixed(1)} KB with brotli, as served to modern browsers)`,
);
if (landingChunk) {
  const r = measure(`/${landingChunk}`);
  console.log(`  lazy landing chunk ${pad(r.file, 29)} ${kb(r.rawKb)} raw ${kb(r.gzipKb)} gzip`);
}
for (const s of styles) {
  const r = measure(s);
  console.log(`  stylesheet ${pad(r.file, 37)} ${kb(r.rawKb)} raw ${kb(r.gzipKb)} gzip`);
}
if (total > BUDGET_KB) process.exitCode = 1;
