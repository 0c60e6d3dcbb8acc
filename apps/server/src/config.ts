import { isIP } from 'node:net';
import { z } from 'zod';
import { CALL_LIMIT as MESH_CALL_LIMIT, ROOM_LIMITS } from '@studycircle/shared';

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

const JANUS_URL_RULE = 'must be ws:// or wss:// URLs, comma-separated, or off';

function isWebsocketUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === 'ws:' || url.protocol === 'wss:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Provisional: a call of up to this many stays peer to peer, a larger one goes through Janus. The
 * measured default is the SFU integration's to set (docs/decisions/0051-janus-as-a-part-of-the-server.md).
 */
const DEFAULT_CALL_MESH_MAX = 4;

const EnvSchema = z.object({
  /** Read only to find a `janus` executable for the embedded SFU. */
  PATH: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  ROOM_FILES_DIR: z.string().min(1).optional(),
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
  JANUS_URL: z
    .string()
    .transform((raw) =>
      raw
        .split(',')
        .map((u) => u.trim())
        .filter((u) => u !== ''),
    )
    .pipe(
      z.union([
        z.tuple([z.literal('off')]),
        z
          .array(z.string().refine(isWebsocketUrl, JANUS_URL_RULE))
          .min(1, JANUS_URL_RULE)
          .refine((urls) => new Set(urls).size === urls.length, 'names a Janus twice'),
      ]),
    )
    .optional(),
  JANUS_API_SECRET: z.string().optional(),
  JANUS_ADMIN_KEY: z.string().optional(),
  JANUS_RTP_PORTS: z
    .string()
    .default('20000-20999')
    .transform((raw, ctx) => {
      const match = /^(\d+)-(\d+)$/.exec(raw.trim());
      const [min, max] = [Number(match?.[1]), Number(match?.[2])];
      if (!match || min < 1024 || max > 65535 || max - min < 9) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a UDP port range like 20000-20999 (at least 10 ports, from 1024)',
        });
        return z.NEVER;
      }
      return { min, max };
    }),
  JANUS_ICE_ENFORCE_LIST: z
    .string()
    .regex(
      /^[\w.:-]+(,[\w.:-]+)*$/,
      'must be interface names or address prefixes, comma-separated (e.g. eth0 or 10.0.0.)',
    )
    .optional(),
  CALL_MESH_MAX: z.coerce
    .number({ error: `must be a whole number from 2 to ${MESH_CALL_LIMIT}` })
    .int(`must be a whole number from 2 to ${MESH_CALL_LIMIT}`)
    .min(2, `must be a whole number from 2 to ${MESH_CALL_LIMIT}`)
    .max(MESH_CALL_LIMIT, `must be a whole number from 2 to ${MESH_CALL_LIMIT}`)
    .default(DEFAULT_CALL_MESH_MAX),
  CALL_LIMIT: z.coerce
    .number({ error: `must be a whole number from 2 to ${ROOM_LIMITS.maxMembersMax}` })
    .int(`must be a whole number from 2 to ${ROOM_LIMITS.maxMembersMax}`)
    .min(2, `must be a whole number from 2 to ${ROOM_LIMITS.maxMembersMax}`)
    .max(ROOM_LIMITS.maxMembersMax, `must be a whole number from 2 to ${ROOM_LIMITS.maxMembersMax}`)
    .default(50),
  WATCH_ALLOWED_HOSTS: z
    .string()
    .transform((raw) =>
      raw
        .split(',')
        .map((h) => h.trim())
        .filter((h) => h !== ''),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(\[?[0-9a-f:.]+\]?|[a-z0-9.-]+)$/i,
            'must be host names or addresses, comma-separated (no scheme or port)',
          ),
      ),
    )
    .optional(),
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
  /**
   * Where room files' bytes are kept (decision 0074); unset means `dataDir/room-files`, or a
   * throwaway folder when `dataDir` is `:memory:`. Several nodes point it at one shared volume.
   */
  roomFilesDir: string | undefined;
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
  /**
   * Janus, the SFU for calls past `calls.meshMax` (docs/decisions/0051-janus-as-a-part-of-the-server.md):
   * - `external`: JANUS_URL's instances (each room's call on one, by rendezvous hashing);
   * - `embedded` (JANUS_URL unset): a Janus the server starts on loopback when a `janus`
   *   executable is on `searchPath`; without one, calls stay mesh;
   * - `off` (JANUS_URL=off): calls stay mesh.
   */
  janus:
    | { mode: 'off' }
    | { mode: 'external'; urls: string[]; apiSecret?: string; adminKey?: string }
    | {
        mode: 'embedded';
        /** Where to look for the `janus` executable (PATH). */
        searchPath: string | undefined;
        rtpPorts: { min: number; max: number };
        iceEnforceList?: string;
      };
  calls: {
    /** A call of up to this many stays peer to peer (at most the mesh limit, 8). */
    meshMax: number;
    /** The most a call holds through Janus (at most a room's largest size, 500). */
    limit: number;
  };
  logLevel: string;
  /**
   * Hosts a watch-together link may point at although they are loopback, private or link-local
   * (modules/watch/video-hosts.ts): a campus's intranet video host, a test's local server.
   */
  watchAllowedHosts: string[];
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
  if (e.CALL_LIMIT < e.CALL_MESH_MAX) {
    throw new ConfigError(
      `Invalid configuration:\n  CALL_LIMIT: must be at least CALL_MESH_MAX (${e.CALL_MESH_MAX})`,
    );
  }
  const janusUrls = e.JANUS_URL;
  const janus: Config['janus'] =
    janusUrls?.[0] === 'off'
      ? { mode: 'off' }
      : janusUrls
        ? {
            mode: 'external',
            urls: janusUrls,
            ...(e.JANUS_API_SECRET ? { apiSecret: e.JANUS_API_SECRET } : {}),
            ...(e.JANUS_ADMIN_KEY ? { adminKey: e.JANUS_ADMIN_KEY } : {}),
          }
        : {
            mode: 'embedded',
            searchPath: e.PATH,
            rtpPorts: e.JANUS_RTP_PORTS,
            ...(e.JANUS_ICE_ENFORCE_LIST ? { iceEnforceList: e.JANUS_ICE_ENFORCE_LIST } : {}),
          };
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    roomFilesDir: e.ROOM_FILES_DIR,
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
    janus,
    calls: { meshMax: e.CALL_MESH_MAX, limit: e.CALL_LIMIT },
    logLevel: e.LOG_LEVEL,
    watchAllowedHosts: e.WATCH_ALLOWED_HOSTS ?? [],
    focusShortPhases: e.FOCUS_SHORT_PHASES === 'true' || e.FOCUS_SHORT_PHASES === '1',
    passwordHashing: e.PASSWORD_HASHING,
    apiDocs: e.API_DOCS === 'true' || e.API_DOCS === '1',
  };
}
