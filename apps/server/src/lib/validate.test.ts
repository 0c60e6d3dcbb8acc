import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.js';
import { NUL_MESSAGE, UNPAIRED_SURROGATE_MESSAGE, parseWith } from './validate.js';

const Loose = z.looseObject({ title: z.string() });

function refusal(input: unknown): string {
  try {
    parseWith(Loose, input);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    return (err as AppError).message;
  }
  throw new Error('accepted');
}

describe('parseWith: text PostgreSQL cannot store is a 400, not a failed query', () => {
  it('refuses NUL anywhere, keys and nested values included', () => {
    expect(refusal({ title: 'a\u0000b' })).toBe(NUL_MESSAGE);
    expect(refusal({ title: 'ok', deep: [{ x: ['\u0000'] }] })).toBe(NUL_MESSAGE);
    expect(refusal({ title: 'ok', ['k\u0000']: 1 })).toBe(NUL_MESSAGE);
  });

  it('refuses half of a surrogate pair (jsonb refuses its escape), keeps whole pairs', () => {
    expect(refusal({ title: 'x\uD800' })).toBe(UNPAIRED_SURROGATE_MESSAGE);
    expect(refusal({ title: '\uDC00y' })).toBe(UNPAIRED_SURROGATE_MESSAGE);
    expect(refusal({ title: 'ok', points: [{ label: 'a\uDBFFb' }] })).toBe(
      UNPAIRED_SURROGATE_MESSAGE,
    );
    expect(parseWith(Loose, { title: 'Study 📚 together 🧑🏽‍🎓' }).title).toBe('Study 📚 together 🧑🏽‍🎓');
  });
});
