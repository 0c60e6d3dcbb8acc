import { HttpError } from '../../lib/http';

/**
 * The sentence to show for a failed request (docs/product.md §16.1): the server's message, or the
 * network error's own text, else the screen's fallback sentence.
 */
export function messageFrom(error: unknown, fallback: string): string {
  if (error instanceof HttpError && (error.hasServerMessage || error.status === 0)) {
    return error.message;
  }
  return fallback;
}
