// Writes dist/prerendered/<page>.html for each public page of src/prerender.tsx: dist/index.html
// with that page prerendered into #root. Runs after the client build and the SSR build of
// src/prerender.tsx (see package.json `build`); the server sends each file for its exact path
// only (apps/server/src/plugins/spa.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = fileURLToPath(new URL('..', import.meta.url));
const ssrDir = `${web}node_modules/.cache/prerender`;
const { renderPage, applyPageMeta, prerenderedFile, PRERENDERED_PATHS } = await import(
  pathToFileURL(`${ssrDir}/prerender.js`).href
);
// Each page chunk's CSS beyond the entry's, by page module name (written by vite/page-css.ts).
const pageCss = JSON.parse(readFileSync(`${web}node_modules/.cache/page-css.json`, 'utf8'));

const index = readFileSync(`${web}dist/index.html`, 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!index.includes(emptyRoot)) throw new Error('prerender: no empty #root in dist/index.html');

// The page around the markup is the same for every page but for the page's own stylesheets.
const shell = index
  // Here the scripts only hydrate what is already on screen, and a visitor who only reads never
  // needs them (decision 0061): a small external script (the CSP allows no inline one) adds the
  // entry at the visitor's first sign of use (a tap, a key, a focus, a scroll), or at once for a
  // visitor arriving at a section (#contact); the entry loads the rest itself. A button tapped
  // before the app runs is marked (data-early-tap) and tapped again once it does (main.tsx); links
  // need nothing, the browser follows them. Until main.tsx marks <html> data-hydrating, that is:
  // from then on React sees taps itself.
  .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
  .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_m, src) => {
    const boot =
      `(()=>{const d=document,o={capture:!0,passive:!0};let s;const go=()=>{if(s)return;` +
      `s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(src)};d.head.append(s)};` +
      `addEventListener('click',e=>{const b=!d.documentElement.hasAttribute('data-hydrating')&&e.target.closest?.('button');` +
      `b&&b.setAttribute('data-early-tap','')},!0);` +
      `for(const t of['pointerdown','keydown','focusin','scroll'])addEventListener(t,go,o);` +
      `location.hash&&go()})()\n`;
    const name = `assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
    writeFileSync(`${web}dist/${name}`, boot);
    return `<script defer src="/${name}"></script>`;
  });
if (!shell.includes('/assets/boot-')) throw new Error('prerender: no module entry script found');
const entryCss = /<link rel="stylesheet"[^>]*>/.exec(shell)?.[0];
if (!entryCss) throw new Error('prerender: no stylesheet in dist/index.html');

mkdirSync(`${web}dist/prerendered`, { recursive: true });
for (const path of PRERENDERED_PATHS) {
  // React puts resource hints (a preload of the footer's logo) before the markup; inside #root
  // they would be one more node for hydration to skip, and the footer is below the fold anyway.
  const page = await renderPage(path);
  const markup = page.markup.replace(/^(<link\b[^>]*>)+/, '');
  if (/<script\b/i.test(markup)) throw new Error(`prerender: the markup of ${path} holds a script`);
  if (markup.includes('<!--$?-->') || markup.includes('<!--$!-->')) {
    throw new Error(`prerender: a Suspense boundary of ${path} did not resolve`);
  }
  // The page's chunk (src/features/*/pages/<name>.tsx) brings CSS of its own, which must apply
  // at the first paint rather than when the chunk loads; e2e checks none is added afterwards.
  const pageName = path === '/' ? 'landing-page' : `${path.slice(1)}-page`;
  const css = pageCss[pageName];
  if (!css) throw new Error(`prerender: no chunk for ${path} (expected a pages/${pageName}.tsx)`);
  const links = css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
  const file = `prerendered/${prerenderedFile(path)}`;
  writeFileSync(
    `${web}dist/${file}`,
    applyPageMeta(shell, page.meta)
      .replace(entryCss, () => `${entryCss}${links}`)
      .replace(emptyRoot, () => `<div id="root">${markup}</div>`),
  );
  process.stdout.write(
    `prerender: ${path} -> dist/${file} (${(markup.length / 1024).toFixed(1)} KB of markup)\n`,
  );
}
rmSync(ssrDir, { recursive: true, force: true });
