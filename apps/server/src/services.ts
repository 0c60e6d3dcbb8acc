import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ROOM_FILE_LIMITS } from '@studycircle/shared';
import type { AppDeps } from './types.js';
import { FOCUS_LIMITS } from '@studycircle/shared/focus';
import { createEventBus as createBus, type EventMap, type EventSubscriber } from './lib/events.js';
import {
  createAuthService,
  type AuthService,
  type SessionEvents,
} from './modules/auth/auth.service.js';
import { createChatService, type ChatService } from './modules/chat/chat.service.js';
import { createContactService, type ContactService } from './modules/contact/contact.service.js';
import {
  createFocusService,
  type FocusEvents,
  type FocusService,
} from './modules/focus/focus.service.js';
import {
  createInvitationsService,
  type InvitationsService,
} from './modules/invitations/invitations.service.js';
import {
  createRoomsService,
  type RoomEvents,
  type RoomsService,
} from './modules/rooms/rooms.service.js';
import {
  createRemindersService,
  type RemindersService,
} from './modules/reminders/reminders.service.js';
import {
  createRoomNotesService,
  type RoomNotesEvents,
  type RoomNotesService,
} from './modules/room-notes/room-notes.service.js';
import { createLiveService, type LiveService } from './modules/signalling/live.service.js';
import {
  createRoomPresenceService,
  type RoomPresenceService,
} from './modules/room-presence/room-presence.service.js';
import { createSfuService, type SfuService } from './modules/sfu/sfu.service.js';
import { createFileStore, type FileStore } from './modules/storage/file-store.js';
import {
  createSyncService,
  type SyncEvents,
  type SyncQuotas,
  type SyncService,
} from './modules/sync/sync.service.js';
import { createDiskBlobStore, type DiskBlobStore } from './modules/storage/blob-store.js';
import {
  createRoomFilesService,
  type RoomFilesService,
} from './modules/workspace/room-files.service.js';
import {
  createWorkspaceService,
  type WorkspaceEvents,
  type WorkspaceService,
} from './modules/workspace/workspace.service.js';
import { createWatchService, type WatchService } from './modules/watch/watch.service.js';
import {
  createWhiteboardService,
  type WhiteboardService,
} from './modules/whiteboard/whiteboard.service.js';
import {
  createUsersService,
  type UserEvents,
  type UsersService,
} from './modules/users/users.service.js';
// Each service holds its own repository, built here on the database; no service holds `Db`
// (docs/decisions/0077-each-table-has-one-owner.md).
import { createAuthRepository } from './modules/auth/auth.repository.js';
import { createChatRepository } from './modules/chat/chat.repository.js';
import { createContactRepository } from './modules/contact/contact.repository.js';
import { createFocusRepository } from './modules/focus/focus.repository.js';
import { createInvitationsRepository } from './modules/invitations/invitations.repository.js';
import { createRemindersRepository } from './modules/reminders/reminders.repository.js';
import { createRoomNotesRepository } from './modules/room-notes/room-notes.repository.js';
import { createRoomsRepository } from './modules/rooms/rooms.repository.js';
import { createStoredFilesRepository } from './modules/storage/stored-files.repository.js';
import { createSyncRepository } from './modules/sync/sync.repository.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { createWatchRepository } from './modules/watch/watch.repository.js';
import { createWhiteboardRepository } from './modules/whiteboard/whiteboard.repository.js';
import { createRoomFilesRepository } from './modules/workspace/room-files.repository.js';
import { createWorkspaceRepository } from './modules/workspace/workspace.repository.js';

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
 *   users                      -              UserEvents    -   (runs the account deletion
 *                                                           steps registered below, decision 0065)
 *   rooms                      -              RoomEvents    -
 *   files (storage)            -              -             -
 *   sync                       files          SyncEvents    -
 *   presence                   rooms          -             RoomEvents: takes sockets out of
 *                                                           every room tool's channel;
 *                                                           SessionEvents: ends their sockets;
 *                                                           UserEvents: renames its sockets;
 *                                                           SyncEvents: pokes the user's
 *                                                           devices (sync-poke)
 *   live (the call)            rooms          -             -   (presence calls its leave hook)
 *   chat                       rooms          -             -
 *   invitations                rooms, users   -             -
 *   auth                       users          SessionEvents -
 *   reminders                  sync           -             -
 *   workspace                  rooms, files   WorkspaceEvents RoomEvents: a leaver's shares go
 *                                                           (in the leave's transaction, a hook);
 *                                                           SyncEvents: a shared record changed
 *   roomFiles (workspace)      rooms, users,  WorkspaceEvents RoomEvents: a deleted room's
 *                              blobs                        bytes go (decision 0074)
 *   watch                      rooms          -             -   (its socket transport broadcasts)
 *   roomNotes                  rooms, auth    RoomNotesEvents RoomEvents, SessionEvents: the
 *                                                           connections whose access ended
 *   whiteboard                 rooms          -             -   (presence takes a leaver's sockets
 *                                                           off the board)
 *   focus                      rooms, sync,   FocusEvents   RoomEvents: a leaver leaves the
 *                              users                        room's focus session
 *   sfu                        -              SfuEvents     -   (Janus; nothing calls it yet)
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
  /** Who is in which room's channels; takes leavers out (modules/room-presence). */
  presence: RoomPresenceService;
  live: LiveService;
  /** File bytes (file notes) by owner and id; its callers decide who may read them. */
  files: FileStore;
  sync: SyncService;
  reminders: RemindersService;
  workspace: WorkspaceService;
  /** Files uploaded straight to a room's workspace (decision 0074). */
  roomFiles: RoomFilesService;
  /** Where room files' bytes are kept (tests look inside). */
  roomFileBlobs: DiskBlobStore;
  /** A room's video timeline for watching together (decision 0033). */
  watch: WatchService;
  whiteboard: WhiteboardService;
  /**
   * The workspace's announcements, for its socket transport (workspace.socket.ts), which tells
   * the room's chat channel; created here like every bus, so no service holds the Socket.IO server.
   */
  workspaceEvents: EventSubscriber<WorkspaceEvents>;
  roomNotes: RoomNotesService;
  /**
   * Room notes connections to close (room-notes.collab.ts, which holds them and tells the
   * other nodes).
   */
  roomNotesEvents: EventSubscriber<RoomNotesEvents>;
  focus: FocusService;
  /** The focus timer's changes, for its socket transport (focus.socket.ts) and timers. */
  focusEvents: EventSubscriber<FocusEvents>;
  /** Janus for large calls (decision 0051); app.ts starts and stops it with the server. */
  sfu: SfuService;
}

/** What tests may replace when building the services. */
export interface ServiceOptions {
  /** The time now, for the services that follow the calendar (the reminder mail). */
  clock?: () => Date;
  /** Server time in ms for the focus timer (tests cross an Asia/Kolkata midnight at will). */
  focusNow?: () => number;
  /** Lower sync quotas, so a test reaches them with a few changes. */
  syncQuotas?: Partial<SyncQuotas>;
  /** Lower room file limits and quotas, so a test reaches them with small files. */
  roomFileLimits?: Partial<typeof ROOM_FILE_LIMITS>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service, built once in app.ts and shared by HTTP routes and socket handlers. */
    services: Services;
  }
}

export function createServices(
  deps: AppDeps,
  log: FastifyBaseLogger,
  options: ServiceOptions = {},
): Services {
  const { db, config, mailer, rateLimiter, redis, jwtSecret, passwordCost } = deps;
  // Every bus reports a subscriber that failed here; the publisher's caller carries on.
  const createEventBus = <Events extends EventMap<Events>>() =>
    createBus<Events>((event, err) => log.error({ err, event }, 'event handler failed'));

  const contact = createContactService({
    repo: createContactRepository(db),
    config,
    mailer,
    rateLimiter,
    log,
  });
  const userEvents = createEventBus<UserEvents>();
  const users = createUsersService({ repo: createUsersRepository(db), events: userEvents });
  const roomEvents = createEventBus<RoomEvents>();
  const rooms = createRoomsService({
    repo: createRoomsRepository(db),
    events: roomEvents,
    rateLimiter,
    rateLimitFactor: config.rateLimitFactor,
  });
  const files = createFileStore({ repo: createStoredFilesRepository(db) });
  const syncEvents = createEventBus<SyncEvents>();
  const sync = createSyncService({
    repo: createSyncRepository(db),
    files,
    events: syncEvents,
    rateLimiter,
    rateLimitFactor: config.rateLimitFactor,
    log,
    quotas: options.syncQuotas,
  });
  const sessionEvents = createEventBus<SessionEvents>();
  const presence = createRoomPresenceService({
    redis,
    rooms,
    roomEvents,
    sessionEvents,
    userEvents,
    syncEvents,
    log,
  });
  const live = createLiveService({ redis, rooms, log });
  const chat = createChatService({ repo: createChatRepository(db), rooms });
  const invitations = createInvitationsService({
    repo: createInvitationsRepository(db),
    config,
    mailer,
    rateLimiter,
    log,
    rooms,
    users,
  });
  const auth = createAuthService({
    repo: createAuthRepository(db),
    config,
    rateLimiter,
    mailer,
    jwtSecret,
    passwordCost,
    log,
    users,
    events: sessionEvents,
  });

  const reminders = createRemindersService({
    repo: createRemindersRepository(db),
    sync,
    config,
    mailer,
    log,
    clock: options.clock,
  });

  const workspaceEvents = createEventBus<WorkspaceEvents>();
  const workspace = createWorkspaceService({
    repo: createWorkspaceRepository(db),
    rooms,
    files,
    events: workspaceEvents,
    roomEvents,
    syncEvents,
  });

  // Room files' bytes (decision 0074): ROOM_FILES_DIR (several nodes share one volume there),
  // else the data folder, else a throwaway folder when the data lives in memory (tests).
  const roomFileBlobs = createDiskBlobStore(
    config.roomFilesDir ??
      (config.dataDir === ':memory:'
        ? join(tmpdir(), 'studycircle-room-files', randomBytes(8).toString('hex'))
        : join(config.dataDir, 'room-files')),
  );
  const roomFiles = createRoomFilesService({
    repo: createRoomFilesRepository(db),
    rooms,
    users,
    blobs: roomFileBlobs,
    events: workspaceEvents,
    roomEvents,
    limits: options.roomFileLimits,
    onCleanupError: (err, key) => log.error({ err, key }, 'room file not removed'),
  });

  const watch = createWatchService({
    repo: createWatchRepository(db),
    rooms,
    allowedVideoHosts: config.watchAllowedHosts,
  });
  const roomNotesEvents = createEventBus<RoomNotesEvents>();
  const roomNotes = createRoomNotesService({
    repo: createRoomNotesRepository(db),
    rooms,
    auth,
    events: roomNotesEvents,
    roomEvents,
    sessionEvents,
  });
  const whiteboard = createWhiteboardService({ repo: createWhiteboardRepository(db), rooms });
  const focusEvents = createEventBus<FocusEvents>();
  const focus = createFocusService({
    repo: createFocusRepository(db),
    rooms,
    sync,
    users,
    events: focusEvents,
    roomEvents,
    log,
    now: options.focusNow,
    minMinutes: config.focusShortPhases ? FOCUS_LIMITS.testMinMinutes : FOCUS_LIMITS.minMinutes,
  });

  // Deleting an account, in this order, on one transaction that the users service opens and
  // ends by deleting the user row (docs/decisions/0065-account-deletion-in-one-transaction.md):
  // first what points at the account's rooms, memberships and records, then the rooms (hand-over,
  // memberships; a room nobody else is in goes with what it holds), then the account's own data.
  // A step that throws rolls it all back. Room notes and the whiteboard keep nothing per account.
  users.onAccountDeleting('workspace', (tx, account) =>
    workspace.deleteAccountData(tx, account.id),
  );
  users.onAccountDeleting('room-files', (tx, account, report, afterCommit) =>
    roomFiles.deleteAccountData(tx, account.id, afterCommit, () => report.deletedRooms),
  );
  users.onAccountDeleting('chat', (tx, account) => chat.deleteAccountData(tx, account.id));
  users.onAccountDeleting('invitations', (tx, account) =>
    invitations.deleteAccountData(tx, account),
  );
  users.onAccountDeleting('focus', (tx, account) => focus.deleteAccountData(tx, account.id));
  users.onAccountDeleting('watch', (tx, account) => watch.deleteAccountData(tx, account.id));
  users.onAccountDeleting('rooms', async (tx, account, report) => {
    const { handedOver, deletedRooms } = await rooms.deleteAccountData(tx, account.id);
    report.handedOver.push(...handedOver);
    report.deletedRooms.push(...deletedRooms);
  });
  users.onAccountDeleting('reminders', (tx, account) =>
    reminders.deleteAccountData(tx, account.id),
  );
  users.onAccountDeleting('sync', (tx, account) => sync.deleteAccountData(tx, account.id));
  users.onAccountDeleting('storage', (tx, account) => files.deleteAccountData(tx, account.id));
  users.onAccountDeleting('auth', (tx, account) => auth.deleteAccountData(tx, account.id));

  const sfu = createSfuService({ config, log, serverSecret: jwtSecret });

  return {
    users,
    auth,
    rooms,
    invitations,
    contact,
    chat,
    presence,
    live,
    files,
    sync,
    reminders,
    workspace,
    roomFiles,
    roomFileBlobs,
    whiteboard,
    workspaceEvents,
    watch,
    roomNotes,
    roomNotesEvents,
    focus,
    focusEvents,
    sfu,
  };
}
