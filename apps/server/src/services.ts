import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './types.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { createChatService, type ChatService } from './modules/chat/chat.service.js';
import { createContactService, type ContactService } from './modules/contact/contact.service.js';
import {
  createInvitationsService,
  type InvitationsService,
} from './modules/invitations/invitations.service.js';
import { createRoomsService, type RoomsService } from './modules/rooms/rooms.service.js';
import { createLiveService, type LiveService } from './modules/signalling/live.service.js';
import { createUsersService, type UsersService } from './modules/users/users.service.js';

/**
 * Every service, built once per app (app.ts) and shared by the HTTP routes and the socket
 * handlers, so that a rule (who is a member, what ends a session) is decided in one place.
 *
 * One factory signature: `create<Name>Service(ctx: ServiceContext, options?)`. A service that
 * uses another reads it from `ctx.services` when a method runs, never while it is being built,
 * so the order below does not matter and services may use each other in both directions
 * (rooms evicts sockets through live; live checks membership through rooms).
 */

export interface Services {
  users: UsersService;
  auth: AuthService;
  rooms: RoomsService;
  invitations: InvitationsService;
  contact: ContactService;
  chat: ChatService;
  live: LiveService;
}

export interface ServiceContext {
  deps: AppDeps;
  log: FastifyBaseLogger;
  /** Filled by `createServices`; read it inside methods only. */
  services: Services;
}

export function createServices(deps: AppDeps, log: FastifyBaseLogger): Services {
  const services = {} as Services;
  const ctx: ServiceContext = { deps, log, services };
  services.users = createUsersService(ctx);
  services.auth = createAuthService(ctx);
  services.rooms = createRoomsService(ctx);
  services.invitations = createInvitationsService(ctx);
  services.contact = createContactService(ctx);
  services.chat = createChatService(ctx);
  services.live = createLiveService(ctx);
  return services;
}
