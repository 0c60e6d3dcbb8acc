import {
  cpSync,
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Excalidraw's fonts from our own origin, and nothing from anywhere else
 * (docs/decisions/0031-room-whiteboard.md):
 *
 * - Three packages Excalidraw loads on demand are replaced (src/features/whiteboard/lib/
 *   left-out.ts): Mermaid import and image resizing.
 * - The package's fonts are copied into the build under `assets/excalidraw-<version>/fonts/`
 *   (the version in the path, so the server's year-long cache for /assets stays right), and the
 *   dev server serves them from node_modules at the same path. The whiteboard chunk points
 *   `window.EXCALIDRAW_ASSET_PATH` there (`__EXCALIDRAW_ASSET_DIR__`).
 * - Excalidraw lists a CDN (esm.sh) after the asset path in every font's sources, and its SVG
 *   export fetches from it when our copy fails (excalidraw/excalidraw#11639 reports it used even
 *   when the asset path is set). The fallback is rewritten to our own copy, so the CSP (font-src
 *   and connect-src 'self') never has anything to refuse. An upgrade that moves the fallback
 *   stops the build here, by name, as does any CDN address left in the whiteboard's chunks.
 */

const require = createRequire(import.meta.url);
// The package exports no package.json: its entry is dist/prod/index.js, two folders down.
const packageDir = join(dirname(require.resolve('@excalidraw/excalidraw')), '../..');
const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  version: string;
};
const fontsDir = join(packageDir, 'dist/prod/fonts');
const leftOut = fileURLToPath(
  new URL('../src/features/whiteboard/lib/left-out.ts', import.meta.url),
);

/** Where the fonts are served, with a leading and a trailing slash. */
export const EXCALIDRAW_ASSET_DIR = `/assets/excalidraw-${version}/`;

/**
 * `ASSETS_FALLBACK_URL` as the package builds it: a template (with templates nested in it for the
 * package's name and version) naming esm.sh and ending in the build's folder.
 */
const FALLBACK =
  /(["']ASSETS_FALLBACK_URL["']\s*,\s*)`https:\/\/esm\.sh\/.*?\/dist\/(?:prod|dev)\/`/;
/**
 * The font files the package registers for drawings, with their unicode ranges, read from the
 * package's own build (`var x="./fonts/Dir/File.woff2"` ... `{uri:x,descriptors:{unicodeRange:
 * "..." or ranges.LATIN}}`). The SVG export embeds the files a drawing's text needs
 * (src/features/whiteboard/lib/svg-fonts.ts): Excalidraw's own embedding subsets fonts with
 * WebAssembly, which the CSP refuses. Assistant is the editor's own UI font (its stylesheet).
 */
export function fontManifest(): { file: string; unicodeRange?: string }[] {
  const dist = join(packageDir, 'dist/prod');
  const code = readdirSync(dist)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(dist, f), 'utf8'))
    .join('\n');
  const paths = new Map<string, string>();
  for (const m of code.matchAll(/\b([\w$]+)="\.\/fonts\/([\w/.-]+\.woff2)"/g)) {
    paths.set(m[1]!, m[2]!);
  }
  // Named ranges: `x={LATIN:"U+0000-00FF, ...",CYRILIC:"..."}`.
  const named = new Map<string, string>();
  for (const m of code.matchAll(/\b([\w$]+)=\{((?:[A-Z_]+:"[^"]*",?)+)\}/g)) {
    for (const r of m[2]!.matchAll(/([A-Z_]+):"([^"]*)"/g)) named.set(`${m[1]}.${r[1]}`, r[2]!);
  }
  const fonts: { file: string; unicodeRange?: string }[] = [];
  const uri = /\{uri:([\w$]+)(?:,descriptors:\{unicodeRange:(?:"([^"]+)"|([\w$]+\.[A-Z_]+)))?/g;
  for (const m of code.matchAll(uri)) {
    const file = paths.get(m[1]!);
    const unicodeRange = m[2] ?? (m[3] ? named.get(m[3]) : undefined);
    if (file && !fonts.some((f) => f.file === file)) {
      fonts.push(unicodeRange ? { file, unicodeRange } : { file });
    }
  }
  const unlisted = readdirSync(fontsDir).filter(
    (dir) => dir !== 'Assistant' && !fonts.some((f) => f.file.startsWith(`${dir}/`)),
  );
  if (fonts.length === 0 || unlisted.length > 0) {
    throw new Error(
      `excalidraw-assets: could not read the font list of @excalidraw/excalidraw ${version} ` +
        `(${fonts.length} files found; nothing for ${unlisted.join(', ')}).`,
    );
  }
  return fonts;
}

/** CDN addresses that must not survive into our chunks. */
const CDN_HOSTS = ['esm.sh', 'unpkg.com', 'cdn.jsdelivr.net'];

function isExcalidrawModule(id: string): boolean {
  return /[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/](prod|dev)[\\/][^\\/]+\.js$/.test(id);
}

export function excalidrawAssets(): Plugin {
  let rewritten = 0;
  let outDir = 'dist';
  let browserBuild = false;
  return {
    name: 'studycircle:excalidraw-assets',
    config() {
      return {
        define: { __EXCALIDRAW_ASSET_DIR__: JSON.stringify(EXCALIDRAW_ASSET_DIR) },
        // Packages Excalidraw loads on demand that the board does without (left-out.ts says why).
        resolve: {
          alias: [
            {
              find: /^(@excalidraw\/mermaid-to-excalidraw|pica|image-blob-reduce)$/,
              replacement: leftOut,
            },
          ],
        },
      };
    },
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
      browserBuild = config.command === 'build' && !config.build.ssr;
    },
    transform(code, id) {
      if (!isExcalidrawModule(id)) return null;
      if (code.includes('typeof require')) {
        // esbuild's `require` shim in the package's helpers: in a browser there is no
        // `require`, so it can only throw. Left in, the bundler gives every page a helper of its
        // own for it (in the entry: the landing page's budget), so the dead branches go.
        code = code
          .replaceAll('typeof require<"u"?require:', '')
          .replaceAll('if(typeof require<"u")return require.apply(this,arguments);', '');
        if (/\brequire\b/.test(code.replace(/"[^"]*"|'[^']*'/g, ''))) {
          this.error(`excalidraw-assets: ${id} still calls require; see how its shim changed`);
        }
        if (!code.includes('ASSETS_FALLBACK_URL')) return { code, map: null };
      }
      if (!code.includes('ASSETS_FALLBACK_URL')) return null;
      if (!FALLBACK.test(code)) {
        this.error(
          `excalidraw-assets: ${id} names ASSETS_FALLBACK_URL in a form this plugin does not know; ` +
            'find where the font fallback now comes from before upgrading.',
        );
      }
      rewritten += 1;
      return {
        code: code.replace(
          FALLBACK,
          `$1window.location.origin+${JSON.stringify(EXCALIDRAW_ASSET_DIR)}`,
        ),
        map: null,
      };
    },
    generateBundle(_options, bundle) {
      if (!browserBuild) return;
      let excalidrawChunks = 0;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        if (!Object.keys(chunk.modules).some(isExcalidrawModule)) continue;
        excalidrawChunks += 1;
        const host = CDN_HOSTS.find((h) => chunk.code.includes(`//${h}`));
        if (host) this.error(`excalidraw-assets: ${chunk.fileName} still names ${host}`);
      }
      if (excalidrawChunks > 0 && rewritten === 0) {
        this.error('excalidraw-assets: Excalidraw is bundled but its font fallback was not found');
      }
    },
    writeBundle() {
      if (!browserBuild) return;
      cpSync(fontsDir, join(outDir, EXCALIDRAW_ASSET_DIR, 'fonts'), { recursive: true });
      writeFileSync(
        join(outDir, EXCALIDRAW_ASSET_DIR, 'fonts.json'),
        JSON.stringify(fontManifest()),
      );
    },
    configureServer(server) {
      // Development: the same paths, straight from the package.
      server.middlewares.use(`${EXCALIDRAW_ASSET_DIR}fonts.json`, (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(fontManifest()));
      });
      server.middlewares.use(`${EXCALIDRAW_ASSET_DIR}fonts/`, (req, res, next) => {
        const file = normalize(join(fontsDir, decodeURIComponent((req.url ?? '').split('?')[0]!)));
        if (!file.startsWith(fontsDir + sep) || !existsSync(file) || !statSync(file).isFile()) {
          next();
          return;
        }
        res.setHeader('Content-Type', 'font/woff2');
        createReadStream(file).pipe(res);
      });
    },
  };
}
