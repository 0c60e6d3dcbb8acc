import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { EventLimits } from './plugins/socket-limits.js';
import type { Services } from './services.js';
import type { IoServer } from './types.js';
import type { RoomLeave } from './modules/room-presence/room-presence.service.js';

/**
 * The one shape of a server module (docs/decisions/0075-one-server-module-shape.md). Each folder
 * under modules/ exports one `ServerModule` from its `<module>.module.ts`; modules.ts lists them
 * and app.ts registers the list in one loop, always the same way: the module's own plugin, its
 * jobs, its socket part (channel, handlers, leave hook), then its routes under /api. The services
 * a module's parts use are built beforehand in services.ts, in dependency order.
 *
 * A room tool (a panel of the room that its members follow live) declares its socket `channel`:
 * room presence (modules/room-presence) takes a leaver's sockets out of it and calls its
 * `onLeave`, so no central file lists the room's tools.
 */

/** What the app hands to a module's parts as they are registered. */
export interface ModuleContext {
  app: FastifyInstance;
  /** Every service, built once in services.ts. */
  services: Services;
  io: IoServer;
  log: FastifyBaseLogger;
  /** One set of per-account counters for every socket event, shared by every module's handlers. */
  limits: EventLimits;
  /** What tests may replace (clocks, intervals), as given to `buildApp`. */
  options: ModuleOptions;
}

/** The build options that reach modules (a test's own clock or interval). */
export interface ModuleOptions {
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
}

/** Work a node runs in the background: started once the app is ready, stopped as it closes. */
export interface Job {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

/** A module's part of the Socket.IO server. */
export interface ModuleSocket {
  /**
   * The prefix of the module's per-room Socket.IO room (`<channel>:<roomId>`). Room presence takes
   * a leaver's sockets out of it, and tells them `removed-from-room`, when their membership ends
   * or the room closes.
   */
  channel?: string;
  /** Registers the module's client events (once per server: plugins/socket-handlers.ts). */
  handlers?: (ctx: ModuleContext) => void;
  /**
   * Called for each of this node's sockets in the module's channel as it is taken out, while it is
   * still in: tell the others it went (`reason` says why). Synchronous: every channel is left in
   * the same tick, before the next message from another node is read (decision 0040).
   */
  onLeave?: (leave: RoomLeave, ctx: ModuleContext) => void;
}

export interface ServerModule {
  /** The module's folder name. */
  readonly name: string;
  /**
   * A plugin of the module's own, wrapped in fastify-plugin when what it adds is for the whole
   * app (auth's `app.authenticate`, room notes' websocket beside Socket.IO).
   */
  plugin?: FastifyPluginAsync;
  /** The module's HTTP routes, registered under /api. */
  routes?: FastifyPluginAsync;
  socket?: ModuleSocket;
  /** The module's background work, built once the services and the Socket.IO server exist. */
  jobs?: (ctx: ModuleContext) => Job[];
}
