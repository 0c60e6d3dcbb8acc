import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { ROOM_FILE_LIMITS } from '@studycircle/shared';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limiter.js';
import { loggerOptions } from './lib/logging.js';
import { createRedisClient } from './lib/redis.js';
import { resolveJwtSecret } from './lib/secrets.js';
import errorsPlugin from './plugins/errors.js';
import { clientErrorReply, frameworkErrorReply } from './plugins/raw-replies.js';
import schemasPlugin from './plugins/schemas.js';
import securityPlugin from './plugins/security.js';
import spaPlugin from './plugins/spa.js';
import socketPlugin from './plugins/socket.js';
import { createEventLimits, type EventLimitsDeps } from './plugins/socket-limits.js';
import type { ModuleContext, ModuleOptions, ServerModule } from './module.js';
import { SERVER_MODULES } from './modules.js';
import { createServices } from './services.js';
import type { SyncQuotas } from './modules/sync/sync.service.js';
import {
  DEFAULT_PASSWORD_COST,
  TEST_PASSWORD_COST,
  type PasswordCost,
} from './modules/auth/password.js';

/**
 * Builds the whole server from plugins: used by `server.ts` to listen and by the tests, which
 * pass an in-memory database and their own mailer. Nothing here reads the environment.
 */

const COMPRESSION = {
  threshold: 1024,
  // The plugin offers zstd first wherever Node has it (22.15+, so Node 24 but not 20). The levels
  // below were measured for brotli and gzip; the same encodings on every supported runtime.
  encodings: ['br', 'gzip', 'deflate', 'identity'] as ('br' | 'gzip' | 'deflate' | 'identity')[],
  // API replies are buffered JSON: a room page is 25 KB at the default 50 rooms, about 50 KB at
  // the maximum 100. Compressing them in one synchronous call costs ~0.3 ms; the stream
  // pipeline the plugin uses above its default (8 KiB on two cores, 4 KiB on four) added ~1 ms
  // per reply (docs/decisions/0005-api-response-latency.md). Files stay streamed at any size.
  syncThreshold: 64 * 1024,
};

/**
 * API JSON is compressed anew for every reply, so it gets the cheap levels meant for dynamic
 * content: gzip 3 and brotli 3 take about half the CPU of the defaults (gzip 6, brotli 4) for
 * bodies 4-9% larger (a 25 KB page: 3.7 KB gzip, 3.3 KB brotli). Files keep the defaults.
 * The plugin applies a route's options in place of the global ones, hence the spread.
 */
const API_COMPRESSION = {
  ...COMPRESSION,
  zlibOptions: { level: 3 },
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
};

export interface AppOptions extends ModuleOptions {
  config: Config;
  /** An already open database; otherwise one is opened from the config (and closed with the app). */
  database?: Database;
  /** Replaces the configured mailer (tests point it at their own SMTP server through config). */
  mailer?: Mailer;
  /** scrypt cost; the default is OWASP's recommendation, tests may lower it to stay fast. */
  passwordCost?: PasswordCost;
  /** Where the built web app lives; defaults to apps/web/dist. */
  webDist?: string;
  /** Namespace for rate-limit counters in Redis; tests use their own so runs do not collide. */
  rateLimitPrefix?: string;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the per-socket chat bucket (a test reaching the limit in a few messages). */
  chatRate?: EventLimitsDeps['chatRate'];
  /** How long a request may take to arrive; tests shorten it to watch a slow one be cut off. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * The modules to register, in order (modules.ts by default). A test passes the real list plus a
   * module of its own, as a new room tool would be added
   * (docs/decisions/0075-one-server-module-shape.md).
   */
  modules?: readonly ServerModule[];
  /** Lower sync quotas (modules/sync/sync.service.ts), so a test reaches them with a few changes. */
  syncQuotas?: Partial<SyncQuotas>;
  /** Lower room file limits and quotas (decision 0074), so a test reaches them with small files. */
  roomFileLimits?: Partial<typeof ROOM_FILE_LIMITS>;
  /**
   * Also write every reply with JSON.stringify and fail the request when the schema's writing
   * differs (plugins/schemas.ts): the server tests turn it on, so a reply schema that would drop
   * or change a field fails the test that sent the request.
   */
  checkReplies?: boolean;
}

export interface ServerTimeouts {
  /** The whole request, headers and body, must arrive within this. */
  requestMs: number;
  /** The headers must arrive within this (at most `requestMs`). */
  headersMs: number;
  /** A connection silent this long, in either direction, is closed. */
  connectionMs: number;
  /** How often Node looks for requests past their time (its default is 30 s). */
  checkIntervalMs: number;
}

/**
 * Without these a client can hold a connection, and the memory of a half-read request, forever by
 * sending a byte every few seconds: Fastify turns Node's 5-minute request timeout off by default.
 * A minute is plenty for the largest body (a 1 MiB avatar) on a slow mobile link; headers come at
 * once from any real client. The silence limit sits above Fastify's 72 s keep-alive, so idle
 * keep-alive connections still close by that rule first. Upgraded websockets are not affected:
 * once upgraded they leave the HTTP server's timers (ws clears the socket timeout).
 */
const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 60_000,
  headersMs: 20_000,
  connectionMs: 120_000,
  checkIntervalMs: 5_000,
};

function timeoutOptions(overrides: Partial<ServerTimeouts> = {}) {
  const t = { ...DEFAULT_TIMEOUTS, ...overrides };
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.connectionMs,
    http: {
      headersTimeout: Math.min(t.headersMs, t.requestMs),
      connectionsCheckingInterval: t.checkIntervalMs,
    },
  };
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 now reads a bare number as "trust nothing" (it cannot
 * check that the nearest peer is a proxy), which would put every client behind a load balancer
 * on one address, one shared rate limit. A hop count keeps its usual meaning here: the nearest
 * `hops` addresses are proxies, the one before them is the client. That is safe only when the
 * server cannot be reached except through those proxies; the README says so and offers the
 * proxies' addresses instead.
 */
function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  if (value === 0) return false;
  return (_address, hop) => hop < value;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(options.logger, config.logLevel),
    // Avatars travel as data URLs of at most ~700 KB; nothing else comes close to 1 MiB.
    bodyLimit: 1024 * 1024,
    // Rate limits key on the client address: X-Forwarded-For is only believed when configured,
    // otherwise any client could pick its own address and escape them.
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    // Errors raised before routing (a malformed URL, a request Node cannot parse) get the same
    // body and security headers as the rest (plugins/raw-replies.ts).
    frameworkErrors: frameworkErrorReply,
    clientErrorHandler: clientErrorReply,
    ...timeoutOptions(options.timeouts),
  });

  if (config.trustProxy === true) {
    // Believing every hop lets any client name its own address in X-Forwarded-For and so step
    // around every per-address limit. Kept working for compatibility, but never quietly.
    app.log.warn(
      'TRUST_PROXY=true believes any X-Forwarded-For a client sends, so clients choose their own ' +
        'address and escape the per-address rate limits. Set TRUST_PROXY to the number of proxies ' +
        'in front of the server (usually 1) or to their addresses.',
    );
  }

  if (config.passwordHashing === 'fast') {
    app.log.warn(
      'PASSWORD_HASHING=fast hashes new passwords far below the strength a real deployment needs. ' +
        'It is for tests only; unset it anywhere real passwords are stored.',
    );
  }

  const database = options.database ?? (await openDatabase(config));
  const ownsDatabase = !options.database;
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, app.log) : undefined;
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, logger: app.log });

  app.decorate('deps', {
    config,
    database,
    db: database.db,
    mailer,
    redis,
    rateLimiter: redis
      ? createRedisRateLimiter(redis, options.rateLimitPrefix, app.log)
      : createMemoryRateLimiter(),
    jwtSecret: new TextEncoder().encode(resolveJwtSecret(config.jwtSecret, config.dataDir)),
    passwordCost:
      options.passwordCost ??
      (config.passwordHashing === 'fast' ? TEST_PASSWORD_COST : DEFAULT_PASSWORD_COST),
  });

  // Every service once, shared by the HTTP routes and the socket handlers.
  app.decorate(
    'services',
    createServices(app.deps, app.log, {
      clock: options.reminderMail?.clock,
      focusNow: options.focus?.now,
      syncQuotas: options.syncQuotas,
      roomFileLimits: options.roomFileLimits,
    }),
  );

  // onClose hooks run last-registered first, so the Socket.IO server (plugins/socket.ts) has
  // stopped by now. The rate limiter stops sending to Redis before the client is quit: a command
  // sent after QUIT is rejected ("Connection is closed").
  app.addHook('onClose', async () => {
    await app.deps.rateLimiter.close();
    mailer.close();
    if (redis) await redis.quit().catch(() => redis.disconnect());
    if (ownsDatabase) await database.close();
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  // API routes get their own compression levels; this must run before the plugin's own onRoute
  // hook, which reads `compress` and `decompress` from each route as it is added. No client of
  // ours compresses what it sends, so no route decompresses request bodies: a hook less on every
  // request, and no inflating of a small upload into a large one. A compressed body is refused
  // by the JSON parser (400).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.compress === undefined) {
      route.compress = API_COMPRESSION;
    }
    route.decompress = false;
  });
  await app.register(compress, COMPRESSION);
  // Before every route: it checks and records each one's schemas as it is added.
  await app.register(schemasPlugin, {
    apiDocs: config.apiDocs,
    checkReplies: options.checkReplies,
  });
  // The Socket.IO server, before the modules whose handlers it carries.
  await app.register(socketPlugin);
  // One set of per-account counters for every event, shared by every module's handlers.
  const limits = createEventLimits({
    rateLimiter: app.deps.rateLimiter,
    factor: config.rateLimitFactor,
    chatRate: options.chatRate,
  });
  const context: ModuleContext = {
    app,
    services: app.services,
    io: app.io,
    log: app.log,
    limits,
    options,
  };
  // Every module the same way (module.ts), in the list's order: its plugin, its jobs (started
  // once the app is ready, stopped as it closes, before the database: the hook closing it was
  // added first, and onClose hooks run last-registered first), its socket part, its routes.
  for (const module of options.modules ?? SERVER_MODULES) {
    if (module.plugin) await app.register(module.plugin);
    for (const job of module.jobs?.(context) ?? []) {
      app.addHook('onReady', async () => job.start());
      app.addHook('onClose', async () => job.stop());
    }
    const socket = module.socket;
    socket?.handlers?.(context);
    if (socket?.channel) {
      const onLeave = socket.onLeave;
      app.services.presence.addTool({
        name: module.name,
        channel: socket.channel,
        onLeave: onLeave && ((leave) => onLeave(leave, context)),
      });
    }
    if (module.routes) await app.register(module.routes, { prefix: '/api' });
  }
  await app.register(spaPlugin, { webDist: options.webDist ?? config.webDist });

  return app;
}
