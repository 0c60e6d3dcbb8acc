import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { ERROR_CODES, MESSAGES } from '@studycircle/shared';
import { AppError } from '../lib/app-error.js';
import { observeCommands, reportOutages } from '../lib/redis.js';
import type { IoServer } from '../types.js';
import { channel } from './socket-handlers.js';
import { secureSocketIoReplies } from './raw-replies.js';
import { isAllowedSocketOrigin } from './socket-origin.js';
import {
  joinUserChannel,
  MAX_OUTGOING_BYTES,
  maxSocketsPerUser,
  outgoingCap,
  type EngineSocket,
} from './socket-limits.js';
import { releaseUpgradeRequests, type UpgradedSocket } from './socket-upgrade.js';

/**
 * The only place that creates the Socket.IO server, typed with the shared real-time contract.
 * It is attached to Fastify's own HTTP server (the community fastify-socket.io plugin does not
 * support Fastify 5), runs websocket-only so no sticky sessions are needed, and uses the Redis
 * adapter when REDIS_URL is set so that events reach sockets on every node. Every connection must
 * present a valid, current bearer token; each socket joins `user:<id>` and `session:<id>` so
 * that ending sessions (room presence) can disconnect all of a user's sockets, or one device's.
 * The event handlers belong to the modules (each one's `socket` part, module.ts), registered in
 * app.ts after this plugin; what they share is in socket-handlers.ts.
 */

/**
 * A session description at its 32 KB cap fits with room to spare; a larger frame closes the
 * connection (Socket.IO's own limit, inbound only), anything in between is refused by the payload
 * schemas with an error. What is sent to a socket is bounded in socket-limits.ts.
 */
const MAX_FRAME_BYTES = 64 * 1024;

export default fp(
  async function socketPlugin(app: FastifyInstance) {
    const io: IoServer = new Server(app.server, {
      path: '/socket.io',
      transports: ['websocket'],
      serveClient: false,
      // Same origin in production; the Vite dev server proxies, so it is same-origin too.
      cors: { origin: false },
      maxHttpBufferSize: MAX_FRAME_BYTES,
      // Compression costs CPU and ~300 KB of zlib state per busy socket; chat frames are small.
      perMessageDeflate: false,
      // Only our own pages may open a connection (plugins/socket-origin.ts).
      allowRequest: (request, callback) =>
        callback(null, isAllowedSocketOrigin(request, app.deps.config)),
    });
    secureSocketIoReplies(app.server, '/socket.io/');

    const { redis } = app.deps;
    if (redis) {
      // The adapter sends without catching (publish on every cross-node broadcast, unsubscribe
      // on close): while Redis is down, or once these clients are quit, each such command would
      // be an unhandled rejection and end the process. Observed here, each failure is counted and
      // the outage logged once. Broadcasts made meanwhile reach this node's sockets only; the
      // others catch up from the stored history when they next join (decision 0019). Lookups
      // across nodes (fetchSockets) fail within the command timeout and their callers answer
      // with an error. The subscriber has no command timeout: its subscriptions wait for the
      // connection and ioredis renews them after every reconnect.
      const pub = redis.duplicate();
      const sub = redis.duplicate({ commandTimeout: undefined });
      observeCommands(pub, reportOutages(pub, 'socket.io-pub', app.log));
      observeCommands(sub, reportOutages(sub, 'socket.io-sub', app.log));
      io.adapter(createAdapter(pub, sub, { key: 'sc:socket.io' }));
      // Registered before the hook that closes the Socket.IO server, so it runs after it
      // (onClose hooks run last-registered first): the adapter unsubscribes, then we quit.
      app.addHook('onClose', async () => {
        await Promise.allSettled([pub.quit(), sub.quit()]);
      });
    }

    // Once a connection is established nothing reads its HTTP upgrade request again: the engine's
    // references to it go (socket-upgrade.ts), and with them about 1.5 KB per socket.
    const releaseRequest = releaseUpgradeRequests(io.engine);
    const capOutgoing = outgoingCap(MAX_OUTGOING_BYTES, app.log);
    io.engine.on('connection', (rawSocket: EngineSocket & UpgradedSocket) => {
      releaseRequest(rawSocket);
      capOutgoing(rawSocket);
    });

    const socketsPerUser = maxSocketsPerUser(app.deps.config.rateLimitFactor);

    io.use((socket, next) => {
      const auth = socket.handshake.auth as Record<string, unknown> | undefined;
      const token = auth?.token;
      // Read once: kept, it would cost every socket its length in heap, and travel to the other
      // nodes with the handshake whenever they look sockets up (fetchSockets).
      if (auth) delete auth.token;
      app.services.auth
        .authenticateToken(typeof token === 'string' ? token : undefined)
        .then(async (user) => {
          socket.data.user = user;
          // Refused past the account's cap on open sockets (TOO_MANY_CONNECTIONS).
          await joinUserChannel(io, socket, channel.user(user.id), socketsPerUser);
          // Signing out one device ends only the sockets of its session (room presence).
          await socket.join(channel.session(user.sessionId));
          next();
        })
        .catch((err: unknown) => {
          // The client reads `message` (and `data.code`) from its connect_error; an unexpected
          // failure is logged here and never shown raw.
          const known = err instanceof AppError;
          if (!known) app.log.error({ err }, 'socket authentication failed');
          const refusal = new Error(known ? err.message : MESSAGES.serverError) as Error & {
            data?: unknown;
          };
          refusal.data = { code: known ? err.code : ERROR_CODES.internal };
          next(refusal);
        });
    });

    app.decorate('io', io);
    app.services.live.attach(io);
    app.services.presence.attach(io);

    // Open websockets would keep the HTTP server from closing: end them first.
    app.addHook('preClose', async () => {
      app.services.presence.stopRetries();
      // Their users will be back on a node in a moment: `user-left` says they dropped.
      for (const socket of io.of('/').sockets.values()) socket.data.closing = true;
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
  },
  { name: 'socket' },
);
