import type { z } from 'zod';
import { AppError } from './app-error.js';

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000).';

/** True when any string in the value (keys included) holds U+0000; iterative, so depth is harmless. */
function containsNul(input: unknown): boolean {
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      // A loop, not push(...value): a spread of a huge array would overflow the argument limit.
      for (const item of value) stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Parses a request body (or params, query, socket payload) with a shared schema. A failure becomes
 * a 400 carrying the first failing rule's message, which is the sentence the form shows
 * (docs/product.md §16.1).
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (input === undefined || input === null) {
    throw AppError.badRequest('The request body must be a JSON object.');
  }
  // PostgreSQL text cannot hold U+0000: such a string would fail in the query as a 500.
  if (containsNul(input)) throw AppError.badRequest(NUL_MESSAGE);
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    let message = issue?.message ?? 'Invalid input';
    if (issue?.code === 'unrecognized_keys') {
      message = `Unknown field: ${issue.keys.join(', ')}`;
    } else if (issue?.code === 'invalid_type' && issue.path.length === 0) {
      message = 'The request body must be a JSON object.';
    }
    throw AppError.badRequest(message);
  }
  return result.data;
}
