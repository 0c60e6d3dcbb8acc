import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.js';

/**
 * Which pages may open the live connection (ASVS V4.4, cross-site websocket hijacking). A browser
 * always sends the page's Origin with a websocket handshake and a page cannot forge it, so a
 * handshake whose Origin is not our own is refused before the socket exists. The socket plugin
 * passes this to Socket.IO's `allowRequest`.
 *
 * - With PUBLIC_URL set, our own origin is exactly that one.
 * - Without it (a local install opened as localhost, 127.0.0.1 or a LAN address, or the Vite dev
 *   server's proxy), the server cannot know its public name: the page must come from the host the
 *   request was sent to, which a foreign page cannot be.
 * - A handshake without Origin is allowed: only browsers send one, and a non-browser client (a
 *   test, a bench, a native app) cannot be made to act for a user by a foreign page; it still
 *   needs a valid bearer token, checked right after.
 */
export function isAllowedSocketOrigin(
  request: Pick<IncomingMessage, 'headers'>,
  config: Pick<Config, 'publicUrl' | 'publicUrlConfigured'>,
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    // "null" (a sandboxed frame, a file: page) and anything else unreadable.
    return false;
  }
  if (config.publicUrlConfigured) return url.origin === new URL(config.publicUrl).origin;
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') && url.host === request.headers.host
  );
}
