/**
 * Embeds in an exported SVG the font files its text needs, so the file shows the same text
 * anywhere. Excalidraw's own embedding subsets each font with WebAssembly, which our CSP refuses
 * (script-src without 'wasm-unsafe-eval'); here whole files are embedded instead, only those whose
 * unicode range covers a character of the drawing, read from our own origin: the build lists them
 * with their ranges in fonts.json (apps/web/vite/excalidraw-assets.ts).
 */

declare const __EXCALIDRAW_ASSET_DIR__: string;

interface FontFile {
  file: string;
  unicodeRange?: string;
}

let manifest: Promise<FontFile[]> | undefined;

/** `U+20-7e, U+a1` as code point intervals. */
export function parseUnicodeRange(range: string): [number, number][] {
  return range
    .split(',')
    .map((part) => /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => {
      const lo = parseInt(m[1]!.replace(/\?/g, '0'), 16);
      const hi = m[2] ? parseInt(m[2], 16) : parseInt(m[1]!.replace(/\?/g, 'f'), 16);
      return [lo, hi];
    });
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The files of `family` (as a text element names it) that hold any of `codePoints`. */
export function filesFor(family: string, codePoints: Set<number>, fonts: FontFile[]): FontFile[] {
  const name = squash(family);
  return fonts.filter((font) => {
    const dir = squash(font.file.split('/')[0] ?? '');
    if (!dir || !name.startsWith(dir)) return false;
    if (!font.unicodeRange) return true;
    const ranges = parseUnicodeRange(font.unicodeRange);
    for (const cp of codePoints) if (ranges.some(([lo, hi]) => cp >= lo && cp <= hi)) return true;
    return false;
  });
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('could not read a font'));
    reader.readAsDataURL(blob);
  });
}

export async function inlineSvgFonts(svg: SVGSVGElement): Promise<void> {
  const style = svg.querySelector('style.style-fonts');
  const used = new Map<string, Set<number>>();
  for (const text of svg.querySelectorAll('text')) {
    const families = (text.getAttribute('font-family') ?? '')
      .split(',')
      .map((f) => f.trim().replace(/^["']|["']$/g, ''))
      .filter(Boolean);
    for (const family of families) {
      const set = used.get(family) ?? new Set<number>();
      for (const ch of text.textContent ?? '') set.add(ch.codePointAt(0)!);
      used.set(family, set);
    }
  }
  if (used.size === 0) {
    style?.remove();
    return;
  }
  manifest ??= fetch(`${__EXCALIDRAW_ASSET_DIR__}fonts.json`).then(
    (r) => (r.ok ? (r.json() as Promise<FontFile[]>) : []),
    () => [],
  );
  const fonts = await manifest;
  const rules: string[] = [];
  for (const [family, codePoints] of used) {
    for (const font of filesFor(family, codePoints, fonts)) {
      const res = await fetch(`${__EXCALIDRAW_ASSET_DIR__}fonts/${font.file}`);
      if (!res.ok) continue;
      const url = await dataUrl(new Blob([await res.arrayBuffer()], { type: 'font/woff2' }));
      rules.push(
        `@font-face { font-family: ${JSON.stringify(family)}; src: url(${url}) format("woff2");` +
          (font.unicodeRange ? ` unicode-range: ${font.unicodeRange};` : '') +
          ' }',
      );
    }
  }
  const target = style ?? svg.ownerDocument.createElementNS('http://www.w3.org/2000/svg', 'style');
  target.textContent = rules.join('\n');
  if (!style) (svg.querySelector('defs') ?? svg).prepend(target);
}
