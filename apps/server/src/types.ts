import type { Redis } from 'ioredis';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import type { PasswordCost } from './modules/auth/password.js';
import type { AuthUser } from './modules/auth/auth.types.js';
import type { AuthService } from './modules/auth/auth.service.js';

/** What `buildApp` puts on the Fastify instance and request; modules read their needs from here. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  jwtSecret: Uint8Array;
  passwordCost: PasswordCost;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    io: SocketServer;
    authService: AuthService;
    /** preHandler: 401 unless the request carries a valid, current bearer token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`. */
    user: AuthUser;
  }
}
