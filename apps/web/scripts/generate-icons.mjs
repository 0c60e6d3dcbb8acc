// Renders the app icons and the social preview image from markup with Debian's Chromium, so the
// PNGs in public/ can be regenerated after a logo change: `node apps/web/scripts/generate-icons.mjs`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const logo = readFileSync(`${publicDir}favicon.svg`, 'utf8');

// The mark drawn full-bleed (no rounded corners): platforms apply their own mask.
const fullBleed = (size, inset) => `
  <svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
    <rect width="64" height="64" fill="#4f46e5"/>
    <g transform="translate(${inset} ${inset}) scale(${(64 - 2 * inset) / 64})">
      <circle cx="32" cy="32" r="16" fill="none" stroke="#fff" stroke-width="6"/>
      <circle cx="32" cy="32" r="5" fill="#fbbf24"/>
    </g>
  </svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  // Maskable icons keep the drawing inside the central 80% safe zone.
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(512, 8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(180, 4) },
];

const ogImage = `
  <div style="width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;
    padding:0 96px;box-sizing:border-box;font-family:system-ui,'DejaVu Sans',sans-serif;
    background:linear-gradient(135deg,#312e81 0%,#4f46e5 55%,#7c3aed 100%);color:#fff;position:relative;overflow:hidden">
    <svg style="position:absolute;right:-120px;top:-120px;opacity:.12" width="560" height="560" viewBox="0 0 64 64">
      <circle cx="32" cy="32" r="24" fill="none" stroke="#fff" stroke-width="8"/></svg>
    <div style="display:flex;align-items:center;gap:24px">
      <div style="width:96px;height:96px">${logo.replace('<svg ', '<svg width="96" height="96" ')}</div>
      <div style="font-size:56px;font-weight:800;letter-spacing:-1px">StudyCircle</div>
    </div>
    <div style="margin-top:40px;font-size:76px;font-weight:800;letter-spacing:-2px">
      Learn. <span style="color:#fbbf24">Collaborate.</span> Succeed.</div>
    <div style="margin-top:24px;font-size:32px;color:#e0e7ff;max-width:900px;line-height:1.35">
      Study rooms with live video and chat, notes, tasks and reminders for students.</div>
  </div>`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace(/<svg /, `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`,
    );
    await page.screenshot({ path: `${publicDir}${icon.file}`, omitBackground: true });
    await page.close();
    console.warn(`wrote ${icon.file}`);
  }
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<style>html,body{margin:0}</style>${ogImage}`);
  await page.screenshot({ path: `${publicDir}og-image.jpg`, type: 'jpeg', quality: 85 });
  console.warn('wrote og-image.jpg');
} finally {
  await browser.close();
}
