import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './types.js';
import { createEventBus } from './lib/events.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { createChatService, type ChatService } from './modules/chat/chat.service.js';
import { createContactService, type ContactService } from './modules/contact/contact.service.js';
import {
  createInvitationsService,
  type InvitationsService,
} from './modules/invitations/invitations.service.js';
import {
  createRoomsService,
  type RoomEvents,
  type RoomsService,
} from './modules/rooms/rooms.service.js';
import { createLiveService, type LiveService } from './modules/signalling/live.service.js';
import { createFileStore, type FileStore } from './modules/storage/file-store.js';
import {
  createSyncService,
  type SyncEvents,
  type SyncService,
} from './modules/sync/sync.service.js';
import {
  createUsersService,
  type UserEvents,
  type UsersService,
} from './modules/users/users.service.js';

/**
 * Every service, built once per app (app.ts) and shared by the HTTP routes and the socket
 * handlers, so that a rule (who is a member, what ends a session) is decided in one place.
 *
 * This is the one place the graph of services is visible. Each factory takes the collaborators
 * it uses as arguments, so they are built here in dependency order; no service looks another up
 * at run time, and no two services depend on each other. Where the reverse direction is needed,
 * the lower service publishes an event and the upper one subscribes
 * (docs/decisions/0015-how-server-modules-depend-on-each-other.md):
 *
 *   service (in build order)   calls          publishes     listens to
 *   contact                    -              -             -
 *   users                      -              UserEvents    -
 *   rooms                      -              RoomEvents    -
 *   files (storage)            -              -             -
 *   sync                       files          SyncEvents    -
 *   live                       rooms          -             RoomEvents: takes sockets out;
 *                                                           UserEvents: renames its sockets;
 *                                                           SyncEvents: pokes the user's
 *                                                           devices (sync-poke)
 *   chat                       rooms          -             -
 *   invitations                rooms, users   -             -
 *   auth                       users, live    -             -
 *
 * The transports sit on top: routes and socket handlers call services, never the reverse.
 */

export interface Services {
  users: UsersService;
  auth: AuthService;
  rooms: RoomsService;
  invitations: InvitationsService;
  contact: ContactService;
  chat: ChatService;
  live: LiveService;
  /** File bytes (file notes) by owner and id; its callers decide who may read them. */
  files: FileStore;
  sync: SyncService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service, built once in app.ts and shared by HTTP routes and socket handlers. */
    services: Services;
  }
}

export function createServices(deps: AppDeps, log: FastifyBaseLogger): Services {
  const { db, config, mailer, rateLimiter, redis, jwtSecret, passwordCost } = deps;

  const contact = createContactService({ db, config, mailer, rateLimiter, log });
  const userEvents = createEventBus<UserEvents>();
  const users = createUsersService({ db, events: userEvents });
  const roomEvents = createEventBus<RoomEvents>();
  const rooms = createRoomsService({
    db,
    events: roomEvents,
    rateLimiter,
    rateLimitFactor: config.rateLimitFactor,
  });
  const files = createFileStore({ db });
  const syncEvents = createEventBus<SyncEvents>();
  const sync = createSyncService({
    db,
    files,
    events: syncEvents,
    rateLimiter,
    rateLimitFactor: config.rateLimitFactor,
    log,
  });
  const live = createLiveService({ redis, rooms, roomEvents, userEvents, syncEvents });
  const chat = createChatService({ db, rooms });
  const invitations = createInvitationsService({
    db,
    config,
    mailer,
    rateLimiter,
    log,
    rooms,
    users,
  });
  const auth = createAuthService({
    db,
    config,
    rateLimiter,
    mailer,
    jwtSecret,
    passwordCost,
    log,
    users,
    live,
  });

  return { users, auth, rooms, invitations, contact, chat, live, files, sync };
}
