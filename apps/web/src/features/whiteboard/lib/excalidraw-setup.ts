/**
 * Points Excalidraw at its fonts on our own origin before its module runs: the build copies them
 * to __EXCALIDRAW_ASSET_DIR__ (apps/web/vite/excalidraw-assets.ts, which also rewrites the CDN
 * fallback). Imported first by the whiteboard chunk, so it is evaluated before Excalidraw.
 */

declare const __EXCALIDRAW_ASSET_DIR__: string;

declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}

window.EXCALIDRAW_ASSET_PATH = `${window.location.origin}${__EXCALIDRAW_ASSET_DIR__}`;

export {};
