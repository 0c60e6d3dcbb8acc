import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { FILE_NOTE_TYPES } from '@studycircle/shared';
import type { StoredFile } from './file-store.js';

/**
 * Sends a stored file so that it can never act as a page of our origin (files are
 * served safely: docs/decisions/0022-study-data-on-the-server.md). Every route that serves file
 * bytes uses this: the sync module's own downloads, the room workspace's.
 *
 * - `Content-Type` is the type decided from the bytes when stored, never the upload's claim, and
 *   `X-Content-Type-Options: nosniff` stops the browser from guessing another.
 * - PDF and images are shown `inline`; any other type (none is stored today) is an `attachment`.
 * - The CSP allows no script at all. Images are also `sandbox`ed (an opaque origin, no storage or
 *   cookies of ours). PDFs are not: Chrome refuses to start its PDF viewer in a sandboxed
 *   document, and the viewer's own scripts run apart from our origin; inline styles are allowed
 *   because the viewer's page needs them to lay itself out.
 * - `private, no-store`: a shared computer's cache, or a proxy, keeps no copy of a student's file.
 */

const IMAGE_CSP =
  "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";
const PDF_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'";
const OTHER_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/** `filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266), safe for any name. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  // The plain parameter is for old clients: printable ASCII only, without quotes or backslashes.
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'file';
  // encodeURIComponent leaves ' ( ) * ! unencoded; RFC 5987's attr-char does not allow ' ( ) *.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The declared 200 of a route that answers with `sendStoredFile`: the bytes, in one of the types. */
export const STORED_FILE_REPLY = {
  description: "The file's bytes, with the type decided from them when it was stored.",
  content: Object.fromEntries(
    FILE_NOTE_TYPES.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }]),
  ),
};

export function sendStoredFile(reply: FastifyReply, file: StoredFile, fileName: string) {
  const shown = (FILE_NOTE_TYPES as readonly string[]).includes(file.contentType);
  const csp = file.contentType === 'application/pdf' ? PDF_CSP : shown ? IMAGE_CSP : OTHER_CSP;
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(shown ? 'inline' : 'attachment', fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', csp)
    .header('Cache-Control', 'private, no-store')
    .send(file.bytes);
}
