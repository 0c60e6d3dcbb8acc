import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt at OWASP ASVS 5.0 Appendix C strength (N=2^17, r=8, p=1). The
 * parameters are stored inside each hash, so raising them later still verifies old hashes.
 * Format: scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>.
 */

export interface PasswordCost {
  log2N: number;
  r: number;
  p: number;
}

export const DEFAULT_PASSWORD_COST: PasswordCost = { log2N: 17, r: 8, p: 1 };

/** Only for tests: the same algorithm at a cost that keeps hundreds of sign-ups fast. */
export const TEST_PASSWORD_COST: PasswordCost = { log2N: 10, r: 8, p: 1 };

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, cost: PasswordCost): Promise<Buffer> {
  const N = 2 ** cost.log2N;
  const options: ScryptOptions = {
    N,
    r: cost.r,
    p: cost.p,
    // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below that for N=2^17.
    maxmem: 256 * N * cost.r,
  };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return [
    'scrypt',
    cost.log2N,
    cost.r,
    cost.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, log2N, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !log2N || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    log2N: Number(log2N),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The cost a stored hash was made with (for tests and for re-hashing on sign-in later). */
export function costOf(stored: string): PasswordCost | null {
  const [algorithm, log2N, r, p] = stored.split('$');
  if (algorithm !== 'scrypt') return null;
  return { log2N: Number(log2N), r: Number(r), p: Number(p) };
}
