/** Saves a blob as a file (an object URL on our own origin; nothing leaves the page). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  // Revoked later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `<room name>-whiteboard.<ext>`, reduced to characters every file system accepts. */
export function exportFileName(roomName: string | undefined, ext: 'png' | 'svg'): string {
  const base = (roomName ?? '')
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${base ? `${base}-` : ''}whiteboard.${ext}`;
}
