import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every environment variable the server reads, parsed in one place. A bad value stops start-up
 * with a message naming the variable, rather than failing later in a request.
 */

const DEFAULT_ICE_SERVERS = [{ urls: ['stun:stun.l.google.com:19302'] }];

const IceServersSchema = z.array(
  z.object({
    urls: z.union([z.string(), z.array(z.string())]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  ICE_SERVERS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return DEFAULT_ICE_SERVERS;
      try {
        return IceServersSchema.parse(JSON.parse(raw));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of RTCIceServer objects' });
        return z.NEVER;
      }
    }),
  TURN_URL: z
    .string()
    .transform((raw) =>
      raw
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u !== ''),
    )
    .pipe(
      z
        .array(z.string().regex(/^turns?:[^\s]+$/, 'must be turn: or turns: URLs, comma-separated'))
        .min(1, 'must be turn: or turns: URLs, comma-separated'),
    )
    .optional(),
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@studycircle.app'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine(
      (v) => /^(true|false|\d+)$/.test(v) || v.split(',').every(isAddressOrRange),
      "must be false, the number of proxy hops, or the proxies' addresses (CIDR ranges allowed)",
    )
    .transform((v) =>
      v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v,
    ),
  RATE_LIMIT_FACTOR: z
    .string()
    .default('1')
    .refine(
      (v) => /^\d+(\.\d+)?$/.test(v) && Number(v) > 0 && Number.isFinite(Number(v)),
      'must be a number above 0 (1 is the default; limits cannot be switched off)',
    )
    .transform(Number),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FOCUS_SHORT_PHASES: z.enum(['true', 'false', '1', '0']).default('false'),
  PASSWORD_HASHING: z
    .enum(['standard', 'fast'], { error: 'must be standard or fast (fast is for tests only)' })
    .default('standard'),
  API_DOCS: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** The built web app to serve; unset means apps/web/dist (plugins/spa.ts). */
  webDist: string | undefined;
  /** Unset means embedded PGlite in `dataDir` (or in memory when `dataDir` is `:memory:`). */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Unset means a secret generated once and kept in `dataDir`. */
  jwtSecret: string | undefined;
  publicUrl: string;
  /** Whether PUBLIC_URL was set (otherwise `publicUrl` is only a local guess). */
  publicUrlConfigured: boolean;
  smtpUrl: string | undefined;
  iceServers: z.infer<typeof IceServersSchema>;
  contactEmail: string;
  /**
   * A coturn server with its shared secret (`use-auth-secret`): signed-in users get TURN
   * credentials derived from it that expire. Unset: no relay.
   */
  turn: { urls: string[]; secret: string } | undefined;
  /**
   * Whether to believe X-Forwarded-For (only behind a load balancer that sets it): a hop count,
   * or the proxies' addresses. `true` believes any client and is warned about at start-up.
   */
  trustProxy: boolean | number | string;
  /**
   * Multiplies every per-IP rate limit (docs/decisions/0007-rate-limits.md) and the live room's
   * socket limits (docs/decisions/0016-socket-limits.md).
   */
  rateLimitFactor: number;
  logLevel: string;
  /**
   * Tests only: focus phases may last seconds instead of whole minutes, so a browser test sees a
   * round end without waiting 25 minutes (docs/decisions/0034-focus-sessions.md).
   */
  focusShortPhases: boolean;
  /** `fast` (tests only): scrypt at N=2^10 instead of 2^17, so browser tests sign up by the hundred. */
  passwordHashing: 'standard' | 'fast';
  /**
   * Development: serve the API's OpenAPI document at `GET /api/openapi.json`
   * (docs/decisions/0048-schema-first-routes.md). Off by default, so a deployment does not publish it.
   */
  apiDocs: boolean;
}

/** `10.0.0.7`, `10.0.0.0/8` or `fd00::/8`: what Fastify's trustProxy accepts as a proxy list. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.trim().split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export class ConfigError extends Error {}

/** Parses an environment (normally `process.env`); throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.TURN_URL === undefined) !== (e.TURN_SECRET === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  TURN_URL and TURN_SECRET: set both (a coturn server and its shared secret) or neither',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    webDist: e.WEB_DIST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    smtpUrl: e.SMTP_URL,
    iceServers: e.ICE_SERVERS,
    contactEmail: e.CONTACT_EMAIL,
    turn: e.TURN_URL && e.TURN_SECRET ? { urls: e.TURN_URL, secret: e.TURN_SECRET } : undefined,
    trustProxy: e.TRUST_PROXY,
    rateLimitFactor: e.RATE_LIMIT_FACTOR,
    logLevel: e.LOG_LEVEL,
    focusShortPhases: e.FOCUS_SHORT_PHASES === 'true' || e.FOCUS_SHORT_PHASES === '1',
    passwordHashing: e.PASSWORD_HASHING,
    apiDocs: e.API_DOCS === 'true' || e.API_DOCS === '1',
  };
}
