import type { z } from 'zod';
import { AppError } from './app-error.js';

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000).';
export const UNPAIRED_SURROGATE_MESSAGE =
  'Text must be valid Unicode (it holds half of a character pair).';

/** A UTF-16 surrogate without its other half (String.prototype.isWellFormed, in ES2024). */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What a string holds that PostgreSQL cannot store, as the message to answer with. */
function badText(value: string): string | undefined {
  if (value.includes('\u0000')) return NUL_MESSAGE;
  // JSON keeps a lone surrogate as a \ud800 escape, which jsonb refuses: a 500 without this.
  if (UNPAIRED_SURROGATE.test(value)) return UNPAIRED_SURROGATE_MESSAGE;
  return undefined;
}

/**
 * The first string in the value (keys included) that PostgreSQL cannot store, as the message to
 * answer with; iterative, so depth is harmless.
 */
function findBadText(input: unknown): string | undefined {
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      const bad = badText(value);
      if (bad) return bad;
    } else if (Array.isArray(value)) {
      // A loop, not push(...value): a spread of a huge array would overflow the argument limit.
      for (const item of value) stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        const bad = badText(key);
        if (bad) return bad;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return undefined;
}

/** What checking an input against a schema gave: its parsed value, or the 400 to answer with. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: AppError };

/**
 * Checks a request body (or params, query, socket payload) against a shared schema without
 * throwing. A failure is a 400 carrying the first failing rule's message, which is the sentence
 * the form shows (docs/product.md §16.1). The routes' validator compiler (plugins/schemas.ts) and
 * `parseWith` both come here, so a body refused before its handler runs reads exactly as one
 * refused inside it.
 */
export function check<S extends z.ZodType>(schema: S, input: unknown): Checked<z.output<S>> {
  if (input === undefined || input === null) {
    return { ok: false, error: AppError.badRequest('The request body must be a JSON object.') };
  }
  // PostgreSQL cannot hold U+0000, nor a lone surrogate in jsonb: the query would fail as a 500.
  const bad = findBadText(input);
  if (bad) return { ok: false, error: AppError.badRequest(bad) };
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    let message = issue?.message ?? 'Invalid input';
    if (issue?.code === 'unrecognized_keys') {
      message = `Unknown field: ${issue.keys.join(', ')}`;
    } else if (issue?.code === 'invalid_type' && issue.path.length === 0) {
      message = 'The request body must be a JSON object.';
    }
    return { ok: false, error: AppError.badRequest(message) };
  }
  return { ok: true, value: result.data };
}

/** `check`, throwing its 400: for socket payloads and anything parsed inside a handler. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const checked = check(schema, input);
  if (!checked.ok) throw checked.error;
  return checked.value;
}
