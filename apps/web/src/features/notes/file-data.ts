/** Reading an uploaded file, and turning a stored data URL back into something a tab can open. */

/**
 * Reads a file as a data URL (fileData, docs/product.md §10.5). Rejects when the browser cannot
 * read it.
 */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no data'));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * A base64 data URL as a Blob of the given type. Decoded here rather than with fetch(), which the
 * app's Content Security Policy (connect-src 'self') refuses for data: URLs.
 */
export function dataUrlToBlob(dataUrl: string, type: string): Blob {
  const comma = dataUrl.indexOf(',');
  const meta = dataUrl.slice(0, comma);
  const body = dataUrl.slice(comma + 1);
  if (!meta.endsWith(';base64')) return new Blob([decodeURIComponent(body)], { type });
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}
