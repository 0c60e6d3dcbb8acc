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
import { systemRoutes } from './modules/system/system.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { roomsRoutes } from './modules/rooms/rooms.routes.js';
import { invitationsRoutes } from './modules/invitations/invitations.routes.js';
import { authModule } from './modules/auth/auth.module.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { registerChatHandlers } from './modules/chat/chat.socket.js';
import { registerClockHandlers } from './modules/clock/clock.socket.js';
import { registerCallHandlers } from './modules/signalling/signalling.socket.js';
import { signallingRoutes } from './modules/signalling/signalling.routes.js';
import { syncRoutes } from './modules/sync/sync.routes.js';
import { remindersRoutes } from './modules/reminders/reminders.routes.js';
import { createReminderMailScheduler } from './modules/reminders/reminders.scheduler.js';
import { workspaceRoutes } from './modules/workspace/workspace.routes.js';
import { registerWorkspaceBroadcasts } from './modules/workspace/workspace.socket.js';
import { registerWatchHandlers } from './modules/watch/watch.socket.js';
import roomNotesCollab from './modules/room-notes/room-notes.collab.js';
import { registerWhiteboardHandlers } from './modules/whiteboard/whiteboard.socket.js';
import { focusRoutes } from './modules/focus/focus.routes.js';
import { createFocusScheduler } from './modules/focus/focus.scheduler.js';
import { registerFocusHandlers } from './modules/focus/focus.socket.js';
import { createServices } from './services.js';
import { createOrphanFileSweeper } from './modules/sync/sync.scheduler.js';
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

export interface AppOptions {
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
   * The reminder mail's clock and timer: tests stand at 07:00 in a zone with their own clock,
   * and tick the scheduler themselves (`app.reminderMail.tick()`) or shorten its interval.
   */
  reminderMail?: { clock?: () => Date; intervalMs?: number };
  /**
   * The focus timer's clock (server ms) and sweep interval: tests move their own clock across a
   * day and call `app.focusTimers.sweep()`.
   */
  focus?: { now?: () => number; sweepMs?: number };
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
  await app.register(authModule);
  await app.register(socketPlugin);
  // The socket transports, like the routes below, over the services built above.
  const { rooms, chat, live } = app.services;
  // One set of per-account counters for every event, shared by both modules' handlers.
  const limits = createEventLimits({
    rateLimiter: app.deps.rateLimiter,
    factor: config.rateLimitFactor,
    chatRate: options.chatRate,
  });
  registerCallHandlers(app.io, { rooms, live, log: app.log, limits });
  registerChatHandlers(app.io, { rooms, chat, live, log: app.log, limits });
  registerClockHandlers(app.io, { log: app.log, limits });
  registerWorkspaceBroadcasts(app.io, { events: app.services.workspaceEvents });
  registerWatchHandlers(app.io, { watch: app.services.watch, log: app.log, limits });
  // The room notes' own websocket (Hocuspocus), beside Socket.IO on the same HTTP server.
  await app.register(roomNotesCollab);
  registerWhiteboardHandlers(app.io, { whiteboard: app.services.whiteboard, log: app.log, limits });
  // Every node ends focus phases on time (focus.scheduler.ts); the guarded write makes one win.
  const focusTimers = createFocusScheduler({
    focus: app.services.focus,
    log: app.log,
    now: options.focus?.now,
    sweepMs: options.focus?.sweepMs,
  });
  app.decorate('focusTimers', focusTimers);
  registerFocusHandlers(app.io, {
    focus: app.services.focus,
    events: app.services.focusEvents,
    timers: focusTimers,
    multiNode: Boolean(redis),
    log: app.log,
    limits,
  });
  await app.register(systemRoutes, { prefix: '/api' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(roomsRoutes, { prefix: '/api' });
  await app.register(chatRoutes, { prefix: '/api' });
  await app.register(signallingRoutes, { prefix: '/api' });
  await app.register(invitationsRoutes, { prefix: '/api' });
  await app.register(syncRoutes, { prefix: '/api' });
  await app.register(remindersRoutes, { prefix: '/api' });
  await app.register(workspaceRoutes, { prefix: '/api' });
  await app.register(focusRoutes, { prefix: '/api' });
  await app.register(spaPlugin, { webDist: options.webDist ?? config.webDist });

  // Every node looks for due reminder mails once a minute once it is ready. Registered after the
  // hook above, so on close it stops (and its run under way ends) before the mailer and the
  // database close.
  const reminderMail = createReminderMailScheduler({
    reminders: app.services.reminders,
    log: app.log,
    intervalMs: options.reminderMail?.intervalMs,
  });
  app.decorate('reminderMail', reminderMail);
  app.addHook('onReady', async () => reminderMail.start());
  app.addHook('onClose', async () => reminderMail.stop());
  // Every node removes uploads no file note uses, hourly; stopped before the database closes.
  const orphanFiles = createOrphanFileSweeper({ sync: app.services.sync, log: app.log });
  app.addHook('onReady', async () => orphanFiles.start());
  app.addHook('onClose', async () => orphanFiles.stop());
  // Each node sets its focus timers once ready (catching up whatever fell due while it was
  // down), and stops them before the database closes.
  app.addHook('onReady', async () => focusTimers.start());
  app.addHook('onClose', async () => focusTimers.stop());
  // Janus (decision 0051) is connected to, or started, without holding up the start.
  app.addHook('onReady', async () => app.services.sfu.start());
  app.addHook('onClose', async () => app.services.sfu.stop());

  return app;
}
