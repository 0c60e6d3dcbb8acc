import { REALTIME_MESSAGES, type Ack } from '@studycircle/shared';
import {
  WHITEBOARD_ELEMENT_TYPES,
  WHITEBOARD_LIMITS,
  WHITEBOARD_MESSAGES,
  readableWhiteboardElements,
  type WhiteboardClearResult,
  type WhiteboardCleared,
  type WhiteboardFollowed,
  type WhiteboardElement,
  type WhiteboardElementStamp,
  type WhiteboardJoinResult,
  type WhiteboardPointerReceived,
  type WhiteboardUpdateResult,
  type WhiteboardViewReceived,
} from '@studycircle/shared/whiteboard';
import { acquireSocket, type AppSocket } from '../../../lib/socket';

/**
 * One open whiteboard's link to the room (packages/shared/src/whiteboard.ts), without React or
 * Excalidraw, so it can be tested with a real socket: it reads the stored board a page at a time,
 * sends what changed on this screen (only elements whose version differs from what this board and
 * the server last agreed on), at most every `SEND_INTERVAL_MS`, in updates that fit a socket
 * frame, and hands what others drew to the board, which merges it with Excalidraw's
 * `reconcileElements`. Nothing sent is forgotten until the server answers: on a dropped link it
 * goes out again after the board is read again. Pointers go out at most ~30 a second.
 *
 * Everything received is checked with the shared element schema first: an element this browser
 * could not draw (stored by an older server, or sent by a hostile client) is dropped and logged,
 * and the rest of the board loads (docs/decisions/0042-whiteboard-bounds.md).
 */

/** How often a drawing's changes go out at most (a stroke reaches the others within this). */
export const SEND_INTERVAL_MS = 50;
/** One pointer position per this many ms at most (Excalidraw's own collaboration: ~30 a second). */
export const POINTER_INTERVAL_MS = Math.ceil(1000 / WHITEBOARD_LIMITS.pointerPerSecond);
/** One view of a followed screen per this many ms at most while it scrolls or zooms. */
export const VIEW_INTERVAL_MS = 100;
/** How long an update or a page may wait for its answer before it counts as lost. */
export const ACK_TIMEOUT_MS = 10_000;
/**
 * Bytes of elements per update: the server caps an update at 56,000 characters and a socket
 * frame at 64 KB; this leaves room for the envelope and for text in several bytes a character.
 */
export const UPDATE_MAX_BYTES = 48_000;

export type BoardStatus = 'loading' | 'saving' | 'saved' | 'offline' | 'closed';

export interface BoardSyncHandlers {
  /** Elements from the server to merge (`initial`: the whole stored board, once per join). */
  remote(elements: WhiteboardElement[], initial: boolean): void;
  pointer(pointer: WhiteboardPointerReceived): void;
  peerLeft(socketId: string): void;
  /** New elements the server refused (the board is full): take them off this board. */
  refused(ids: string[]): void;
  status(status: BoardStatus): void;
  /** A sentence to show (a refusal, the board full, removed from the room). */
  problem(message: string): void;
  /** Whether this member may clear the board (said with each first page of the board). */
  canClear(allowed: boolean): void;
  /** Someone (`by`) cleared the board; it is being read again. */
  cleared(by: string): void;
  /** A screen (`by`, its socket) started or stopped following this one's view. */
  followed?(by: string, following: boolean): void;
  /** Another screen's view (scene bounds), for following it. */
  view?(id: string, bounds: [number, number, number, number]): void;
}

const ALLOWED_TYPES = new Set<string>(WHITEBOARD_ELEMENT_TYPES);
const encoder = new TextEncoder();

/** Whether the board shares this element at all (images and embeds stay on this screen). */
export function isShareable(element: { type: string }): boolean {
  return ALLOWED_TYPES.has(element.type);
}

/**
 * The elements of a page or an update this browser can draw; the others are dropped and logged,
 * so one bad element costs that element, not the board.
 */
function readable(elements: readonly unknown[]): WhiteboardElement[] {
  const { elements: kept, dropped } = readableWhiteboardElements(elements);
  if (dropped > 0) console.warn(`Whiteboard: ${dropped} unreadable element(s) left out.`);
  return kept.filter(isShareable);
}

const sameStamp = (a: WhiteboardElementStamp | undefined, b: WhiteboardElementStamp) =>
  a !== undefined && a.version === b.version && a.versionNonce === b.versionNonce;

/** Splits elements into updates of at most `updateMaxElements` and UPDATE_MAX_BYTES. */
export function chunkUpdates(elements: WhiteboardElement[]): {
  chunks: WhiteboardElement[][];
  tooLarge: WhiteboardElement[];
} {
  const chunks: WhiteboardElement[][] = [];
  const tooLarge: WhiteboardElement[] = [];
  let chunk: WhiteboardElement[] = [];
  let bytes = 2;
  for (const element of elements) {
    const json = JSON.stringify(element);
    const size = encoder.encode(json).length + 1;
    if (json.length > WHITEBOARD_LIMITS.elementMaxChars || size > UPDATE_MAX_BYTES) {
      tooLarge.push(element);
      continue;
    }
    if (
      chunk.length > 0 &&
      (chunk.length >= WHITEBOARD_LIMITS.updateMaxElements || bytes + size > UPDATE_MAX_BYTES)
    ) {
      chunks.push(chunk);
      chunk = [];
      bytes = 2;
    }
    chunk.push(element);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return { chunks, tooLarge };
}

/** The two numbers of a stamp, copied: Excalidraw changes its element objects in place. */
const stampOf = (e: WhiteboardElementStamp): WhiteboardElementStamp => ({
  version: e.version,
  versionNonce: e.versionNonce,
});

/** A copy of an element as it is now (the scene's object keeps changing while it is drawn). */
const snapshot = (e: WhiteboardElement): WhiteboardElement =>
  JSON.parse(JSON.stringify(e)) as WhiteboardElement;

export function createBoardSync(socket: AppSocket, roomId: string, on: BoardSyncHandlers) {
  /** What this board and the server agree each element is (sent and answered, or received). */
  const agreed = new Map<string, WhiteboardElementStamp>();
  /**
   * Each element changed here and not yet sent: the scene's own object, read when it is sent, so
   * the newest state goes out.
   */
  const pending = new Map<string, WhiteboardElement>();
  /** Copies of what was sent and not yet answered, by element id. */
  const inFlight = new Map<string, WhiteboardElement>();
  /** Elements too large to share: said once each. */
  const tooLargeSaid = new Set<string>();
  let joined = false;
  /** The board has loaded once: from then on a lost link reads "offline". */
  let loaded = false;
  let joining = false;
  /** The board changed wholesale (cleared) while a read was under way: read it once more. */
  let readAgain = false;
  let closed = false;
  let sendTimer: ReturnType<typeof setTimeout> | undefined;
  let lastPointerAt = 0;
  let pointerTimer: ReturnType<typeof setTimeout> | undefined;
  let viewTimer: ReturnType<typeof setTimeout> | undefined;
  let nextView: [number, number, number, number] | null = null;
  let lastViewAt = 0;
  let nextPointer: {
    x: number;
    y: number;
    button: 'down' | 'up';
    tool: 'pointer' | 'laser';
  } | null = null;
  let status: BoardStatus = 'loading';

  const setStatus = (next: BoardStatus) => {
    if (next === status) return;
    status = next;
    on.status(next);
  };
  const settleStatus = () => {
    if (closed) setStatus('closed');
    // The browser knows it is offline at once; the socket only when a ping goes unanswered, up
    // to 45 s later, and until then it would call a drawing that cannot leave "Saving…".
    else if (!socket.connected || !joined || !navigator.onLine) {
      // Once the board has loaded, a lost link is "offline" (drawing goes on and is kept), not
      // "connecting", which is for the first load.
      setStatus(loaded ? 'offline' : 'loading');
    } else setStatus(pending.size > 0 || inFlight.size > 0 ? 'saving' : 'saved');
  };

  async function join() {
    if (joining) readAgain = true;
    if (joining || closed || !socket.connected) return;
    joining = true;
    readAgain = false;
    setStatus('loading');
    try {
      const elements: WhiteboardElement[] = [];
      let after: string | undefined;
      for (;;) {
        const ack: Ack<WhiteboardJoinResult> = await socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck('whiteboard-join', after === undefined ? { roomId } : { roomId, after });
        if (closed) return;
        if (!ack.ok) {
          on.problem(ack.message);
          close('refused');
          return;
        }
        if (ack.canClear !== undefined) on.canClear(ack.canClear);
        elements.push(...readable(ack.elements));
        if (ack.next === null) break;
        after = ack.next;
      }
      joined = true;
      loaded = true;
      on.remote(elements, true);
      // What went unanswered before the link dropped goes out again.
      for (const [id, element] of inFlight) if (!pending.has(id)) pending.set(id, element);
      inFlight.clear();
      flush();
    } catch {
      // No answer in time: the next connect tries again.
      joined = false;
    } finally {
      joining = false;
      settleStatus();
      if (readAgain) void join();
    }
  }

  function scheduleFlush() {
    if (sendTimer !== undefined || closed) return;
    sendTimer = setTimeout(() => {
      sendTimer = undefined;
      flush();
    }, SEND_INTERVAL_MS);
  }

  function flush() {
    if (!joined || !socket.connected || closed || pending.size === 0) {
      settleStatus();
      return;
    }
    const { chunks, tooLarge } = chunkUpdates([...pending.values()].map(snapshot));
    pending.clear();
    for (const element of tooLarge) {
      // Never sent: it stays on this screen only. Said once per element.
      agreed.set(element.id, stampOf(element));
      if (!tooLargeSaid.has(element.id)) {
        tooLargeSaid.add(element.id);
        on.problem(WHITEBOARD_MESSAGES.updateTooLarge);
      }
    }
    for (const chunk of chunks) send(chunk);
    settleStatus();
  }

  function send(chunk: WhiteboardElement[]) {
    for (const element of chunk) inFlight.set(element.id, element);
    socket
      .timeout(ACK_TIMEOUT_MS)
      .emit(
        'whiteboard-update',
        { roomId, elements: chunk },
        (err: Error | null, ack: Ack<WhiteboardUpdateResult>) => {
          if (closed) return;
          const mine = chunk.filter((e) => inFlight.get(e.id) === e);
          for (const element of mine) inFlight.delete(element.id);
          if (err) {
            // No answer: send these again once the board is read again (a newer copy wins).
            for (const element of mine)
              if (!pending.has(element.id)) pending.set(element.id, element);
            settleStatus();
            return;
          }
          if (!ack.ok) {
            // Refused for good (a bad element, too fast): not sent again until it changes.
            for (const element of mine) agreed.set(element.id, stampOf(element));
            on.problem(ack.message);
            settleStatus();
            return;
          }
          for (const element of mine) agreed.set(element.id, stampOf(element));
          if (ack.refused.length > 0) {
            for (const id of ack.refused) agreed.delete(id);
            on.refused(ack.refused);
            on.problem(WHITEBOARD_MESSAGES.boardFull);
          }
          if (ack.stale.length > 0) on.remote(readable(ack.stale), false);
          settleStatus();
        },
      );
  }

  const onConnect = () => void join();
  const onDisconnect = () => {
    joined = false;
    settleStatus();
  };
  const onUpdate = (payload: { roomId: string; elements: WhiteboardElement[] }) => {
    if (payload.roomId === roomId && joined) on.remote(readable(payload.elements), false);
  };
  const onCleared = (payload: WhiteboardCleared) => {
    if (payload.roomId !== roomId) return;
    on.cleared(payload.by);
    // The shapes are tombstones on the server now: reading the board merges them in.
    void join();
  };
  const onPointer = (payload: WhiteboardPointerReceived) => {
    if (payload.roomId === roomId) on.pointer(payload);
  };
  const onFollowed = (payload: WhiteboardFollowed) => {
    if (payload.roomId === roomId) on.followed?.(payload.by, payload.following);
  };
  const onView = (payload: WhiteboardViewReceived) => {
    if (payload.roomId === roomId) on.view?.(payload.id, payload.bounds);
  };
  const onPeerLeft = (payload: { roomId: string; id: string }) => {
    if (payload.roomId === roomId) on.peerLeft(payload.id);
  };
  const onRemoved = (payload: { roomId: string; message: string }) => {
    if (payload.roomId !== roomId) return;
    on.problem(payload.message || REALTIME_MESSAGES.removedFromRoom);
    close('removed');
  };

  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  window.addEventListener('offline', settleStatus);
  window.addEventListener('online', settleStatus);
  socket.on('whiteboard-update', onUpdate);
  socket.on('whiteboard-pointer', onPointer);
  socket.on('whiteboard-peer-left', onPeerLeft);
  socket.on('whiteboard-followed', onFollowed);
  socket.on('whiteboard-view', onView);
  socket.on('whiteboard-cleared', onCleared);
  socket.on('removed-from-room', onRemoved);
  if (socket.connected) void join();

  function close(reason: 'closed' | 'refused' | 'removed') {
    if (closed) return;
    closed = true;
    clearTimeout(sendTimer);
    clearTimeout(pointerTimer);
    clearTimeout(viewTimer);
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    window.removeEventListener('offline', settleStatus);
    window.removeEventListener('online', settleStatus);
    socket.off('whiteboard-update', onUpdate);
    socket.off('whiteboard-pointer', onPointer);
    socket.off('whiteboard-peer-left', onPeerLeft);
    socket.off('whiteboard-followed', onFollowed);
    socket.off('whiteboard-view', onView);
    socket.off('whiteboard-cleared', onCleared);
    socket.off('removed-from-room', onRemoved);
    if (reason === 'closed' && socket.connected) {
      // What is still unsent goes out with the leave: both reach the server in this order.
      const rest = [...pending.values()];
      if (rest.length > 0 && joined) {
        for (const chunk of chunkUpdates(rest.map(snapshot)).chunks) {
          socket.emit('whiteboard-update', { roomId, elements: chunk }, () => undefined);
        }
      }
      socket.emit('whiteboard-leave', { roomId }, () => undefined);
    }
    setStatus('closed');
  }

  return {
    /**
     * The board's elements after a change on this screen: each shareable one whose version
     * differs from the agreed copy is queued (a stroke being drawn goes out as it grows).
     */
    noteScene(elements: readonly WhiteboardElement[]) {
      if (closed) return;
      let queued = false;
      for (const element of elements) {
        if (!isShareable(element)) continue;
        if (sameStamp(agreed.get(element.id), element)) continue;
        if (sameStamp(inFlight.get(element.id), element)) continue;
        if (pending.get(element.id) === element) continue;
        pending.set(element.id, element);
        queued = true;
      }
      if (queued) {
        scheduleFlush();
        settleStatus();
      }
    },

    /**
     * The board now holds these copies from the server (after merging): they need not be sent,
     * and an older change of the same element waiting here is dropped.
     */
    agreeOn(elements: readonly WhiteboardElement[]) {
      for (const element of elements) {
        agreed.set(element.id, stampOf(element));
        const waiting = pending.get(element.id);
        if (waiting && waiting.version <= element.version) pending.delete(element.id);
      }
      settleStatus();
    },

    /** This screen's pointer; sent at most every POINTER_INTERVAL_MS (the last one wins). */
    pointer(x: number, y: number, button: 'down' | 'up', tool: 'pointer' | 'laser') {
      if (!joined || closed) return;
      nextPointer = { x, y, button, tool };
      const wait = lastPointerAt + POINTER_INTERVAL_MS - Date.now();
      const sendPointer = () => {
        pointerTimer = undefined;
        if (!nextPointer || !joined || closed) return;
        lastPointerAt = Date.now();
        // Volatile: a pointer that cannot leave at once is replaced by the next one.
        socket.volatile.emit('whiteboard-pointer', { roomId, ...nextPointer });
        nextPointer = null;
      };
      if (wait <= 0) sendPointer();
      else pointerTimer ??= setTimeout(sendPointer, wait);
    },

    /** Starts or stops following another screen's view (`target`: its socket, as pointers say). */
    follow(target: string, following: boolean) {
      if (!joined || closed) return;
      socket.emit('whiteboard-follow', { roomId, target, following }, () => undefined);
    },

    /**
     * This screen's view (scene bounds), for the screens following it; sent at most every
     * VIEW_INTERVAL_MS, the last one wins.
     */
    view(bounds: [number, number, number, number]) {
      if (!joined || closed) return;
      nextView = bounds;
      const wait = lastViewAt + VIEW_INTERVAL_MS - Date.now();
      const sendView = () => {
        viewTimer = undefined;
        if (!nextView || !joined || closed) return;
        lastViewAt = Date.now();
        socket.volatile.emit('whiteboard-view', { roomId, bounds: nextView });
        nextView = null;
      };
      if (wait <= 0) sendView();
      else viewTimer ??= setTimeout(sendView, wait);
    },

    /**
     * Deletes every shape for everyone (the owner or an admin; the server checks). Resolves with
     * the server's answer; every open board, this one too, then reads the board again.
     */
    clear(): Promise<Ack<WhiteboardClearResult>> {
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck('whiteboard-clear', { roomId });
    },

    /** Whether anything changed here is not yet stored on the server. */
    unsaved: () => pending.size > 0 || inFlight.size > 0,

    /** Stops: sends what is left and leaves the board (the others drop this pointer). */
    close: () => close('closed'),
  };
}

export type BoardSync = ReturnType<typeof createBoardSync>;

/**
 * A board over the app's shared socket: takes the socket, and hands it back when the board
 * closes, so the board's view never holds the socket itself.
 */
export function openBoardSync(roomId: string, on: BoardSyncHandlers): BoardSync {
  const { socket, release } = acquireSocket();
  const board = createBoardSync(socket, roomId, on);
  return {
    ...board,
    close: () => {
      board.close();
      release();
    },
  };
}
