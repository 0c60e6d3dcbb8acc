import { createHash, randomBytes } from 'node:crypto';

/** A new 24-hexadecimal-character id (96 random bits), the id shape of docs/product.md §16.5. */
export function newId(): string {
  return randomBytes(12).toString('hex');
}

/** A URL-safe secret token with 256 random bits, for reset and invitation links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256 digests: a database leak does not yield usable links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
