import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The token-signing secret: JWT_SECRET when set; otherwise one generated on first start and kept
 * in DATA_DIR, so tokens survive a restart. Several nodes must share it: set JWT_SECRET there.
 */
export function resolveJwtSecret(jwtSecret: string | undefined, dataDir: string): string {
  if (jwtSecret) return jwtSecret;
  if (dataDir === ':memory:') return randomBytes(32).toString('hex');
  const file = join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
