import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { AuthUser } from '../modules/auth/auth.types.js';

/**
 * The only place that creates the Socket.IO server. It is attached to Fastify's own HTTP server
 * (the community fastify-socket.io plugin does not support Fastify 5), runs websocket-only so no
 * sticky sessions are needed, and uses the Redis adapter when REDIS_URL is set so that events
 * reach sockets on every node. Every connection must present a valid, current bearer token;
 * each socket joins `user:<id>` so that signing out can disconnect all of a user's sockets.
 */

export interface SocketData {
  user: AuthUser;
}

export default fp(
  async function socketPlugin(app: FastifyInstance) {
    const io = new Server<
      Record<string, never>,
      Record<string, never>,
      Record<string, never>,
      SocketData
    >(app.server, {
      path: '/socket.io',
      transports: ['websocket'],
      serveClient: false,
      // Same origin in production; the Vite dev server proxies, so it is same-origin too.
      cors: { origin: false },
      maxHttpBufferSize: 64 * 1024,
    });

    const { redis } = app.deps;
    if (redis) {
      const pub = redis.duplicate();
      const sub = redis.duplicate();
      io.adapter(createAdapter(pub, sub, { key: 'sc:socket.io' }));
      app.addHook('onClose', async () => {
        await Promise.allSettled([pub.quit(), sub.quit()]);
      });
    }

    io.use((socket, next) => {
      const token: unknown = socket.handshake.auth?.token;
      app.authService
        .authenticateToken(typeof token === 'string' ? token : undefined)
        .then((user) => {
          socket.data.user = user;
          void socket.join(`user:${user.id}`);
          next();
        })
        .catch((err: Error) => next(new Error(err.message)));
    });

    app.decorate('io', io as unknown as Server);

    // Sign-out, a password change and a reset all end the user's sessions in the auth service;
    // their open connections, on every node, end with them.
    app.authService.onSessionsEnded((userId) => {
      io.in(`user:${userId}`).disconnectSockets(true);
    });

    // Open websockets would keep the HTTP server from closing: end them first.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
  },
  { name: 'socket', dependencies: ['auth'] },
);
