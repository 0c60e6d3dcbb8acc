import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Database } from '@hocuspocus/extension-database';
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { Hocuspocus, type Connection, type Document, type Extension } from '@hocuspocus/server';
import type { Redis } from 'ioredis';
import * as decoding from 'lib0/decoding';
import { WebSocket, WebSocketServer } from 'ws';
import {
  ERROR_CODES,
  ERROR_REPLIES,
  MAX_SOCKETS_PER_USER,
  ROOM_NOTES_CLOSE,
  ROOM_NOTES_LIMITS,
  ROOM_NOTES_PATH,
  type RoomNotesAccessEnded,
  type RoomNotesNotice,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';
import { observeCommands, reportOutages } from '../../lib/redis.js';
import { refuseUpgrade } from '../../plugins/raw-replies.js';
import { isAllowedSocketOrigin } from '../../plugins/socket-origin.js';
import type { AuthUser } from '../auth/auth.types.js';
import { applyAwarenessUpdate } from 'y-protocols/awareness';
import { blankAwarenessCount, checkAwareness } from './awareness-guard.js';
import {
  byteBucket,
  capOutgoing,
  carriedUpdate,
  documentSizes,
  neutralise,
} from './notes-limits.js';
import { RoomNotesRefusal } from './room-notes.service.js';

/**
 * The room notes' websocket (docs/decisions/0032-room-notes-with-yjs-and-hocuspocus.md): a
 * Hocuspocus server for the rooms' Yjs documents, on our own HTTP server at ROOM_NOTES_PATH.
 * It only adapts: who may open a document, and how it is stored, is the room notes service's.
 *
 * - Upgrades: Socket.IO's engine also listens to the HTTP server's `upgrade` event, and ends any
 *   upgrade that is not its own unless something has answered it within a second (engine.io's
 *   `destroyUpgrade`). This listener answers ours at once, in the same tick (`handleUpgrade`
 *   writes the 101, or a refusal is written), so both live on one server; an upgrade to any other
 *   path is left to Socket.IO, which closes it.
 * - Each connection: a page of our own origin only, one document, a token and membership checked
 *   before the document syncs (`onAuthenticate`), and checked again once it is open (a removal
 *   committed in between is not missed), a cap on messages before that and on the rate after,
 *   and carets in the account's own name (awareness-guard.ts).
 * - Saved means stored (decision 0069): Hocuspocus tells a client its change is saved as soon as
 *   it is applied in memory, and stores the document seconds later. Here each change a client
 *   makes is appended to the database first, and that client's "saved" waits for it, so a server
 *   killed right after an editor said "Saved" loses nothing.
 * - Bytes (notes-limits.ts, decision 0038): a reader more than 1 MiB behind is dropped; updates
 *   are read at a bounded rate per connection, account and document; a document stays under its
 *   size cap, and the writer of an update that would pass it is told so.
 * - Access that ends (a member removed or gone, a deleted room, a session ended) closes those
 *   connections on this node at once and, through Socket.IO's Redis adapter, on every other.
 * - Several nodes: with REDIS_URL, Hocuspocus's Redis extension carries every change and caret to
 *   the other nodes holding the document.
 * - Shutdown: every connection is told the server restarts, and every pending store is written
 *   before the database closes.
 */

/** What one open notes websocket is, for the checks around Hocuspocus. */
interface NotesSocket {
  ws: WebSocket;
  /** Set once the document is authenticated. */
  user?: AuthUser;
  /** The one document this socket may speak of, claimed when its sign-in begins. */
  documentName?: string;
  messagesBeforeAuth: number;
  takeToken: () => boolean;
  /** Bytes of updates this connection sent (notes-limits.ts). */
  bytes: ReturnType<typeof byteBucket>;
  /** Set once an update of this connection was refused for the document's size: later ones
   * build on it, so they are refused too until the client starts again on a new connection. */
  refusedForSize?: boolean;
  /** The reader is paused until the byte buckets refill. */
  resumeTimer?: NodeJS.Timeout;
  /** Messages that arrived after the server began closing it. */
  closing?: number;
  /** The membership check under way for an edit; later edits meanwhile wait for the same one. */
  memberCheck?: Promise<boolean>;
  /** Settles once the previous message's checks ended and Hocuspocus has applied it. */
  turn?: Promise<void>;
  /** Settles once every change this connection made is in the database; its "saved" waits. */
  saved?: Promise<void>;
}

/** A token bucket: `burst` at once, refilled continuously at `perSecond`. */
function tokenBucket(rate: { burst: number; perSecond: number }) {
  let tokens = rate.burst;
  let last = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(rate.burst, tokens + ((now - last) / 1000) * rate.perSecond);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** Policy violations (rate, size, protocol): the client reconnects after a pause. */
const POLICY = 1008;
/** The server is going down; the client reconnects, to another node behind a balancer. */
const RESTART = { code: 1012, reason: 'server-restart' } as const;
/** Something failed on our side (the database did not answer): the client tries again. */
const SERVER_ERROR = { code: 1011, reason: 'server-error' } as const;

/**
 * A refusal the client should not take as final (it reconnects after a pause). Hocuspocus sends
 * the reason to the client; no message, or it would log the refusal as an error.
 */
function passingRefusal(reason: string): Error {
  return Object.assign(new Error(''), { reason });
}

/**
 * Hocuspocus's Redis extension without its store lock. The lock makes a node skip its store while
 * another node stores the same document, and the skipped node does not try again, so edits only
 * it had received could be left unwritten. The room notes service merges every store into what
 * is stored, under a row lock, so every node simply stores what it holds.
 */
class RedisWithoutStoreLock extends RedisExtension {
  override async onStoreDocument(): Promise<void> {}
  override async afterStoreDocument(): Promise<void> {}
}

/**
 * The extension's two Redis clients, duplicated from ours and observed like the Socket.IO
 * adapter's: a command nobody awaits (it publishes without waiting) must not end the process
 * while Redis is away (decision 0019). The subscriber has no command timeout: its subscriptions
 * wait for the connection and are renewed after every reconnect.
 */
function redisExtension(redis: Redis, log: FastifyBaseLogger): Extension {
  let made = 0;
  return new RedisWithoutStoreLock({
    prefix: 'sc:room-notes',
    // The extension makes its publisher first, then its subscriber.
    createClient: () => {
      made += 1;
      const name = made === 1 ? 'room-notes-pub' : 'room-notes-sub';
      const client =
        made === 1 ? redis.duplicate() : redis.duplicate({ commandTimeout: undefined });
      observeCommands(client, reportOutages(client, name, log));
      return client;
    },
  });
}

/** Which close, if any, ends this socket's access for `target`. */
function closeFor(target: RoomNotesAccessEnded, socket: NotesSocket) {
  const { user, documentName } = socket;
  if (!user || !documentName) return undefined;
  switch (target.scope) {
    case 'member':
      return target.roomId === documentName && target.userId === user.id
        ? ROOM_NOTES_CLOSE.notMember
        : undefined;
    case 'room':
      return target.roomId === documentName ? ROOM_NOTES_CLOSE.roomClosed : undefined;
    case 'user':
      return target.userId === user.id && target.keepSessionId !== user.sessionId
        ? ROOM_NOTES_CLOSE.signedOut
        : undefined;
    case 'session':
      return target.sessionId === user.sessionId ? ROOM_NOTES_CLOSE.signedOut : undefined;
  }
}

/**
 * Whether a Hocuspocus message would change the document: a sync step 2 or an update, in a Sync
 * or SyncReply message. Carets, sync step 1 (a request) and the rest change nothing stored.
 * Unreadable counts as a change, so it is checked too.
 */
export function changesDocument(data: Uint8Array): boolean {
  try {
    const decoder = decoding.createDecoder(data);
    decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder);
    // MessageType.Sync and MessageType.SyncReply; the sync protocol's step 2 and update.
    if (type !== 0 && type !== 4) return false;
    const step = decoding.readVarUint(decoder);
    return step === 1 || step === 2;
  } catch {
    return true;
  }
}

/** Whether a Hocuspocus message is a SyncStatus (8): the "your change is saved" the client counts. */
export function isSyncStatus(data: Uint8Array): boolean {
  try {
    const decoder = decoding.createDecoder(data);
    decoding.readVarString(decoder);
    return decoding.readVarUint(decoder) === 8;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The websocket path a request names, without its query. */
const pathOf = (url: string | undefined) => (url ?? '').split('?')[0];

/** The document name a Hocuspocus message begins with; undefined when unreadable. */
function documentNameOf(data: Uint8Array): string | undefined {
  try {
    return decoding.readVarString(decoding.createDecoder(data));
  } catch {
    return undefined;
  }
}

export default fp(
  async function roomNotesCollab(app: FastifyInstance) {
    const { config, redis } = app.deps;
    const { roomNotes, roomNotesEvents } = app.services;
    const log = app.log.child({ module: 'room-notes' });
    const sockets = new Set<NotesSocket>();
    const byRequest = new WeakMap<IncomingMessage, NotesSocket>();
    /** Authenticated connections per account on this node. */
    const perUser = new Map<string, number>();
    const maxPerUser = Math.max(1, Math.floor(MAX_SOCKETS_PER_USER * config.rateLimitFactor));
    const messageRate = {
      burst: ROOM_NOTES_LIMITS.messages.burst * config.rateLimitFactor,
      perSecond: ROOM_NOTES_LIMITS.messages.perSecond * config.rateLimitFactor,
    };
    const scaled = (rate: { burst: number; perSecond: number }) => ({
      burst: rate.burst * config.rateLimitFactor,
      perSecond: rate.perSecond * config.rateLimitFactor,
    });
    /** Bytes of updates per account on this node, forgotten with its last connection. */
    const bytesPerUser = new Map<string, ReturnType<typeof byteBucket>>();
    const bytesPerDocument = new WeakMap<Document, ReturnType<typeof byteBucket>>();
    const sizes = documentSizes(ROOM_NOTES_LIMITS.maxDocumentBytes);
    /** Each document's Yjs client ids and the account that announced each (awareness-guard.ts). */
    const caretOwners = new WeakMap<Document, Map<number, string>>();
    let closing = false;
    /** Changes being appended; shutdown waits for them before the database closes. */
    const saving = new Set<Promise<void>>();

    /** Closes the socket: off its document at once (no more broadcasts), then the websocket. */
    function close(socket: NotesSocket, code: number, reason: string) {
      if (socket.closing !== undefined) return;
      socket.closing = 0;
      // A reader paused for the byte rate must read the client's closing handshake; what else
      // it sends from now on is only counted (inspect).
      clearTimeout(socket.resumeTimer);
      socket.ws.resume();
      const document = socket.documentName
        ? hocuspocus.documents.get(socket.documentName)
        : undefined;
      document?.connections.get(socket.ws)?.connection.close({ code, reason });
      if (
        socket.ws.readyState === WebSocket.OPEN ||
        socket.ws.readyState === WebSocket.CONNECTING
      ) {
        socket.ws.close(code, reason);
      }
    }

    /**
     * Whether the socket's user is still a member of the room, from the database; one query at a
     * time per socket (edits that arrive while it runs share its answer). A database that does
     * not answer refuses the edit: it could not be stored either.
     */
    function stillMember(socket: NotesSocket, roomId: string): Promise<boolean> {
      if (!socket.memberCheck) {
        socket.memberCheck = roomNotes
          .isMember(roomId, socket.user!.id)
          .catch((err: unknown) => {
            log.warn({ err }, 'room notes membership check failed');
            return false;
          })
          .finally(() => {
            socket.memberCheck = undefined;
          });
      }
      return socket.memberCheck;
    }

    /**
     * Holds the connection's SyncStatus messages (what its provider counts as saved) until the
     * changes made before each are in the database. Other messages go out at once.
     */
    function holdSavedUntilStored(socket: NotesSocket, connection: Connection) {
      if (socket.saved) return;
      socket.saved = Promise.resolve();
      const send = connection.send.bind(connection);
      connection.send = (message: Uint8Array) => {
        if (!isSyncStatus(message)) return send(message);
        void socket.saved!.then(() => send(message));
      };
    }

    /**
     * Appends one change a connection made; tried again while the database does not answer, so
     * its "saved" waits rather than lies. Given up once the connection is gone: the change is in
     * the document, which the periodic store writes.
     */
    async function logChange(socket: NotesSocket, roomId: string, update: Uint8Array) {
      for (let attempt = 0; ; attempt++) {
        try {
          await roomNotes.logUpdate(roomId, update);
          return;
        } catch (err) {
          log.warn({ err, roomId }, 'room notes change not logged; trying again');
          if (socket.closing !== undefined || !sockets.has(socket)) return;
          await sleep(Math.min(5_000, 200 * 2 ** attempt));
        }
      }
    }

    /** Logs each change a connection of this node applied (not those relayed from other nodes). */
    function logChanges(document: Document) {
      document.on('update', (update: Uint8Array, origin: unknown) => {
        const request = (origin as Partial<Connection> | null)?.request;
        const socket = request ? byRequest.get(request) : undefined;
        // Hocuspocus applies a connection's change with that connection as the origin; changes
        // from the database or another node (Redis) are already stored, or are the other node's
        // to store.
        if (!socket?.saved) return;
        const logged = logChange(socket, document.name, update);
        saving.add(logged);
        void logged.finally(() => saving.delete(logged));
        socket.saved = Promise.all([socket.saved, logged]).then(() => undefined);
      });
    }

    function endAccess(target: RoomNotesAccessEnded) {
      for (const socket of sockets) {
        const end = closeFor(target, socket);
        if (end) close(socket, end.code, end.reason);
      }
    }

    const extensions: Extension[] = [];
    if (redis) extensions.push(redisExtension(redis, log));
    extensions.push(
      new Database({
        fetch: ({ documentName }) => roomNotes.load(documentName),
        store: async ({ documentName, state }) => {
          if (!(await roomNotes.store(documentName, state))) {
            log.info({ roomId: documentName }, 'room notes not stored: the room was deleted');
          }
        },
      }),
    );

    const hocuspocus = new Hocuspocus({
      name: 'studycircle-room-notes',
      quiet: true,
      extensions,

      async onAuthenticate({ token, documentName, request }) {
        const socket = byRequest.get(request);
        // One document per websocket: the client opens one per room.
        if (!socket || socket.documentName !== undefined) throw passingRefusal('one-document');
        // Claimed before the await: Hocuspocus runs sign-ins for two documents side by side, and
        // the second must see the first.
        socket.documentName = documentName;
        let user: AuthUser;
        try {
          user = await roomNotes.authorize(token, documentName);
        } catch (err) {
          // Hocuspocus answers the refusal on the socket first; then the socket closes, with the
          // reason as its close code when the refusal is final.
          const final = err instanceof RoomNotesRefusal;
          const end = final
            ? Object.values(ROOM_NOTES_CLOSE).find((c) => c.reason === err.reason)!
            : SERVER_ERROR;
          if (!final) log.error({ err }, 'room notes sign-in failed');
          setImmediate(() => close(socket, end.code, end.reason));
          throw final ? err : passingRefusal(SERVER_ERROR.reason);
        }
        // Closed while the check ran: its close has already been counted, so this must not be.
        if (!sockets.has(socket)) throw passingRefusal('closed');
        const open = perUser.get(user.id) ?? 0;
        if (open >= maxPerUser) {
          setImmediate(() => close(socket, POLICY, 'too-many-connections'));
          throw passingRefusal('too-many-connections');
        }
        perUser.set(user.id, open + 1);
        if (!bytesPerUser.has(user.id)) {
          bytesPerUser.set(user.id, byteBucket(scaled(ROOM_NOTES_LIMITS.bytes.account)));
        }
        socket.user = user;
        return { user };
      },

      // A removal committed after the check above but before the connection joined its document
      // found nothing to close: ask once more now that it is open.
      async afterLoadDocument({ document }) {
        logChanges(document);
      },

      async connected({ documentName, request, connection }) {
        const socket = byRequest.get(request);
        if (!socket?.user) return;
        holdSavedUntilStored(socket, connection);
        try {
          if (!(await roomNotes.isMember(documentName, socket.user.id))) {
            close(socket, ROOM_NOTES_CLOSE.notMember.code, ROOM_NOTES_CLOSE.notMember.reason);
          }
        } catch (err) {
          // The sign-in check passed a moment ago; a database hiccup now is no reason to refuse.
          log.warn({ err }, 'room notes membership re-check failed');
        }
      },

      async beforeHandleMessage({ update, document, connection }) {
        const socket = byRequest.get(connection.request);
        if (!socket?.user) throw passingRefusal('not-authenticated');
        holdSavedUntilStored(socket, connection);
        // An edit asks the database again: the word that this member was removed may not have
        // reached this node yet (a stalled node, Redis away), and an edit is relayed and stored
        // (docs/decisions/0040-removal-that-holds-when-a-node-stalls.md). Asked now, so edits
        // that arrive together share one query.
        const member = changesDocument(update) ? stillMember(socket, document.name) : undefined;
        // Hocuspocus applies each message when its hook settles, so an awaiting hook would let a
        // later message overtake an earlier one: a paste checked for size before the deletion
        // sent just ahead of it was applied. One message at a time per socket, in arrival order.
        const previous = socket.turn;
        let settle!: () => void;
        const turn = new Promise<void>((resolve) => (settle = resolve));
        socket.turn = turn;
        try {
          if (previous) await previous;
          await checkMessage(socket, socket.user, member, update, document, connection);
        } finally {
          // Hocuspocus applies the message in the microtasks after this hook settles; the next
          // message of this socket goes on after them.
          setImmediate(() => {
            if (socket.turn === turn) socket.turn = undefined;
            settle();
          });
        }
      },
    });

    /** The checks of one incoming message, in order; throwing refuses it (beforeHandleMessage). */
    async function checkMessage(
      socket: NotesSocket,
      user: AuthUser,
      member: Promise<boolean> | undefined,
      update: Uint8Array,
      document: Document,
      connection: Connection,
    ) {
      if (member && !(await member)) {
        close(socket, ROOM_NOTES_CLOSE.notMember.code, ROOM_NOTES_CLOSE.notMember.reason);
        throw new RoomNotesRefusal(ROOM_NOTES_CLOSE.notMember.reason);
      }
      const carried = carriedUpdate(update);
      if (carried && (socket.refusedForSize || !sizes.fits(document, carried.bytes))) {
        // Not applied, so neither relayed nor stored. Said once: the client starts again from
        // the server's document, on a new connection.
        neutralise(update, carried);
        if (!socket.refusedForSize) {
          socket.refusedForSize = true;
          log.info({ roomId: document.name, bytes: carried.bytes }, 'room notes update too large');
          connection.sendStateless(
            JSON.stringify({
              notice: 'too-large',
              limitBytes: ROOM_NOTES_LIMITS.maxDocumentBytes,
            } satisfies RoomNotesNotice),
          );
        }
        return;
      }
      let owners = caretOwners.get(document);
      if (!owners) caretOwners.set(document, (owners = new Map()));
      const verdict = checkAwareness(update, user, owners, document.awareness);
      if (verdict.kind === 'invalid') {
        close(socket, POLICY, 'invalid-caret');
        throw passingRefusal('invalid-caret');
      }
      if (verdict.kind === 'filter') {
        // What is the sender's own applies; the entries about someone else's caret do not.
        // Hocuspocus then applies this very message, whose count now says it holds nothing.
        applyAwarenessUpdate(document.awareness, verdict.allowed, connection.webSocket);
        blankAwarenessCount(update, verdict.countAt, verdict.countLength);
        log.debug({ dropped: verdict.dropped }, 'room notes caret entries dropped');
      }
    }

    const wss = new WebSocketServer({
      noServer: true,
      maxPayload: ROOM_NOTES_LIMITS.maxFrameBytes,
      // Yjs updates are small and binary; compression would cost CPU and memory per socket.
      perMessageDeflate: false,
    });

    /** Counts and bounds what a socket sends, before Hocuspocus reads it (registered first). */
    function inspect(socket: NotesSocket, data: Uint8Array) {
      if (socket.closing !== undefined) {
        // A client that keeps talking after being told to go is cut off.
        if (++socket.closing > ROOM_NOTES_LIMITS.messagesBeforeAuth) socket.ws.terminate();
        return;
      }
      if (!socket.takeToken()) return close(socket, POLICY, 'too-many-messages');
      throttle(socket, data.byteLength);
      if (!socket.user) {
        socket.messagesBeforeAuth += 1;
        if (socket.messagesBeforeAuth > ROOM_NOTES_LIMITS.messagesBeforeAuth) {
          close(socket, POLICY, 'not-authenticated');
        }
        return;
      }
      // Hocuspocus would queue messages for another document without end, waiting for a sign-in.
      if (documentNameOf(data) !== socket.documentName) close(socket, POLICY, 'one-document');
    }

    /**
     * Counts a message's bytes against its connection, account and document; while any of them
     * is in debt the websocket is not read (the client's sends wait in TCP), so a writer goes no
     * faster than the buckets refill and nothing it sent is dropped.
     */
    function throttle(socket: NotesSocket, bytes: number) {
      let wait = socket.bytes.take(bytes);
      if (socket.user) wait = Math.max(wait, bytesPerUser.get(socket.user.id)?.take(bytes) ?? 0);
      const document = socket.documentName
        ? hocuspocus.documents.get(socket.documentName)
        : undefined;
      if (document) {
        let bucket = bytesPerDocument.get(document);
        if (!bucket) {
          bucket = byteBucket(scaled(ROOM_NOTES_LIMITS.bytes.document));
          bytesPerDocument.set(document, bucket);
        }
        wait = Math.max(wait, bucket.take(bytes));
      }
      if (wait === 0) return;
      socket.ws.pause();
      clearTimeout(socket.resumeTimer);
      socket.resumeTimer = setTimeout(() => socket.ws.resume(), wait);
    }

    function accept(ws: WebSocket, request: IncomingMessage) {
      const socket: NotesSocket = {
        ws,
        messagesBeforeAuth: 0,
        takeToken: tokenBucket(messageRate),
        bytes: byteBucket(scaled(ROOM_NOTES_LIMITS.bytes.connection)),
      };
      capOutgoing(ws, ROOM_NOTES_LIMITS.maxWaitingBytes, (waiting) =>
        log.info({ waiting }, 'room notes reader fell behind: dropped'),
      );
      sockets.add(socket);
      byRequest.set(request, socket);
      const authTimer = setTimeout(() => {
        if (!socket.user) close(socket, POLICY, 'authentication-timeout');
      }, ROOM_NOTES_LIMITS.authTimeoutMs);
      // A websocket error (a frame over the size limit, a broken pipe) is followed by its close.
      ws.on('error', (err) => log.debug({ err }, 'room notes websocket error'));
      ws.on('message', (data: Buffer) => inspect(socket, data));
      ws.once('close', () => {
        clearTimeout(authTimer);
        clearTimeout(socket.resumeTimer);
        sockets.delete(socket);
        if (socket.user) {
          const left = (perUser.get(socket.user.id) ?? 1) - 1;
          if (left > 0) perUser.set(socket.user.id, left);
          else {
            perUser.delete(socket.user.id);
            bytesPerUser.delete(socket.user.id);
          }
        }
      });
      hocuspocus.handleConnection(ws, request);
    }

    app.server.on('upgrade', (request: IncomingMessage, raw: Duplex, head: Buffer) => {
      if (pathOf(request.url) !== ROOM_NOTES_PATH) return;
      if (closing) {
        return refuseUpgrade(raw, 503, ERROR_CODES.internal, 'The server is restarting.');
      }
      // Only our own pages may open it, as with Socket.IO (plugins/socket-origin.ts).
      if (!isAllowedSocketOrigin(request, config)) {
        return refuseUpgrade(raw, 403, ERROR_CODES.forbidden, 'This page may not open room notes.');
      }
      wss.handleUpgrade(request, raw, head, (ws) => accept(ws, request));
    });

    // A plain request to the path (no upgrade): it speaks websocket only.
    app.get(
      ROOM_NOTES_PATH,
      {
        schema: {
          description: 'Room notes speak websocket only: a plain request answers 426.',
          response: { 426: ERROR_REPLIES['4xx'], '5xx': ERROR_REPLIES['5xx'] },
        },
      },
      async () => {
        throw new AppError(ERROR_CODES.validation, 426, 'Room notes open over a websocket.');
      },
    );

    roomNotesEvents.on('access-ended', (target) => {
      endAccess(target);
      // The in-memory adapter of a single node has no other node to tell (and would refuse).
      if (redis) app.io.serverSideEmit('room-notes-access-ended', target);
    });
    app.io.on('room-notes-access-ended', endAccess);

    app.addHook('preClose', async () => {
      closing = true;
      for (const socket of sockets) close(socket, RESTART.code, RESTART.reason);
      await Promise.all(saving);
      // Closing the last connection of a document stores it at once (if it has unsaved changes)
      // and then unloads it; wait for every document to be gone, so the stores finish before
      // the database closes. A store already under way is waited for too.
      const deadline = Date.now() + 10_000;
      while (hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) {
        for (const document of hocuspocus.documents.values()) {
          const id = `onStoreDocument-${document.name}`;
          if (hocuspocus.debouncer.isDebounced(id)) void hocuspocus.debouncer.executeNow(id);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (hocuspocus.getDocumentsCount() > 0) {
        log.warn({ documents: hocuspocus.getDocumentsCount() }, 'room notes left unstored');
      }
    });
    app.addHook('onClose', async () => {
      wss.close();
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
    });
  },
  { name: 'room-notes', dependencies: ['socket'] },
);
