/**
 * Stands in for three packages Excalidraw loads on demand (apps/web/vite/excalidraw-assets.ts
 * points them here): `@excalidraw/mermaid-to-excalidraw` (its "Mermaid to Excalidraw" dialog,
 * over a megabyte of Mermaid) and `pica` / `image-blob-reduce` (resizing an inserted image; images
 * are not part of a shared board). Left out, the whiteboard's lazy chunks need nothing of the
 * bundler's interop helpers beyond what the entry already holds, so no page but the whiteboard
 * pays for them (docs/decisions/0031-room-whiteboard.md). Their dialogs show the message below.
 */

const LEFT_OUT = 'This whiteboard does not offer this. Draw it with the tools instead.';

export async function parseMermaidToExcalidraw(): Promise<never> {
  throw new Error(LEFT_OUT);
}

export default function leftOut(): never {
  throw new Error(LEFT_OUT);
}
