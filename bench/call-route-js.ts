import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '@studycircle/test-kit';
import { finish, goal } from './lib/goals.js';

/**
 * The call route's JavaScript, gzipped, against a 250 KB budget: everything the browser fetches
 * to open /rooms/call/room/:id on a cold cache. That is the SPA entry (apps/web/dist/index.html's
 * script) with every chunk it imports, the call page's own chunk (a lazy route: WebRTC, the
 * socket client and the chat live there) with its imports, and the query provider chunk every
 * data page loads beside it. Printed beside the landing page's entry alone, as the baseline
 * measured in the same run. A budget: counted from the build, so exceeding it fails the bench in
 * every mode, CI's smoke run included. Run after `npm run build`.
 */

const BUDGET_KB = 250;
const dist = process.env.WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('apps/web/dist/index.html not found: run `npm run build` first.');
  process.exit(1);
}

const read = (url: string) => readFileSync(join(dist, url.replace(/^\//, '')));
const gzipKb = (buf: Buffer) => gzipSync(buf, { level: 9 }).length / 1024;

function withImports(url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url)) return seen;
  seen.add(url);
  const dir = url.slice(0, url.lastIndexOf('/') + 1);
  for (const m of read(url)
    .toString('utf8')
    .matchAll(/\b(?:import|from)\s*["'](\.\/[^"']+\.js)["']/g)) {
    withImports(dir + m[1]!.slice(2), seen);
  }
  return seen;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
// The module script: the classic one before it (theme-init.js) only sets the theme.
const entry = /<script\b(?=[^>]*\btype="module")[^>]*\bsrc="([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in index.html');
const entrySource = read(entry).toString('utf8');
const lazyChunk = (name: string) => {
  const m = new RegExp(`["'/]((?:assets/)?${name}-[\\w-]+\\.js)["']`).exec(entrySource)?.[1];
  if (!m) throw new Error(`the entry imports no ${name} chunk`);
  return `/assets/${m.replace(/^assets\//, '')}`;
};

const entryFiles = withImports(entry);
const callFiles = new Set([
  ...entryFiles,
  ...withImports(lazyChunk('call-page')),
  ...withImports(lazyChunk('query-provider')),
]);
const total = (files: Set<string>) => [...files].reduce((n, f) => n + gzipKb(read(f)), 0);

const entryKb = total(entryFiles);
const callKb = total(callFiles);
console.log('Call route (/rooms/call/room/:id), JavaScript on a cold cache, gzip -9');
for (const file of callFiles)
  console.log(`  ${file.padEnd(44)} ${gzipKb(read(file)).toFixed(1).padStart(6)} KB`);
console.log(`  baseline: the SPA entry alone          ${entryKb.toFixed(1)} KB`);
console.log(
  `  call route total                       ${callKb.toFixed(1)} KB in ${callFiles.size} files ` +
    `(${(callKb / entryKb).toFixed(2)}x the entry)`,
);
goal({
  name: 'call route JavaScript on a cold cache, gzip -9',
  target: `<= ${BUDGET_KB} KB`,
  actual: `${callKb.toFixed(2)} KB`,
  met: callKb <= BUDGET_KB,
  budget: true,
});
finish();
