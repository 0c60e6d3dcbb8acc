import { describe, expect, it } from 'vitest';
import { costOf, DEFAULT_PASSWORD_COST, hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('uses scrypt at OWASP strength by default (N=2^17, r=8, p=1) with a random salt', async () => {
    expect(DEFAULT_PASSWORD_COST).toEqual({ log2N: 17, r: 8, p: 1 });
    const a = await hashPassword('correct horse', DEFAULT_PASSWORD_COST);
    const b = await hashPassword('correct horse', DEFAULT_PASSWORD_COST);
    expect(costOf(a)).toEqual(DEFAULT_PASSWORD_COST);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
  });

  it('rejects malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });
});
