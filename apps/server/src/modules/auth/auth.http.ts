/**
 * The auth module's public seam over HTTP: what other modules' routes need to read a caller's
 * credentials, kept out of auth.routes.ts so no module imports another's routes.
 */

/** The token from an `Authorization: Bearer <token>` header. */
export function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
