import type { ErrorCode } from '@studycircle/shared';

/**
 * "Your session was ended elsewhere" (docs/product.md §3.8): signed out on another device, "Sign
 * out of all devices", a password change or reset. The HTTP client (a 401 with this code) and the
 * live link (the server's `session-ended` event, or a handshake refused with it) announce it here;
 * the auth provider listens, forgets the session and sends the user to sign-in with the message.
 * A window event, because lib/ cannot import the auth feature.
 */

export const SESSION_ENDED_CODE = 'SESSION_ENDED' satisfies ErrorCode;
const EVENT = 'studycircle:session-ended';

export function announceSessionEnded(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onSessionEnded(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
