import * as decoding from 'lib0/decoding';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';

/**
 * The notes websocket's bounds on bytes (docs/decisions/0038-room-notes-under-a-hostile-member.md),
 * used by room-notes.collab.ts around Hocuspocus:
 *
 * - what waits to be sent to one connection (a reader that stops reading is dropped, as Socket.IO's
 *   are, decision 0016), with the document's first sync not counted, since it may be the whole
 *   document;
 * - the bytes of updates a connection, an account and a document may send a second (the reader of
 *   a connection over them is paused until they refill, so the writer slows down and loses nothing);
 * - the size of a document: an update that would take it past the cap is recognised before
 *   Hocuspocus applies it, and turned into a message Hocuspocus ignores.
 */

/** Hocuspocus's message types (its `MessageType`), as they begin a message after its document name. */
const SYNC = 0;
/** A query for the carets, which Hocuspocus answers only to an in-process reply: on a socket, nothing. */
const QUERY_AWARENESS = 3;
/** y-protocols' sync steps: 1 is the answer with a state (step 2), 2 an update. */
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/**
 * A token bucket of bytes that may run into debt: `take` always counts the message (it has
 * arrived already) and answers how many milliseconds it takes to be out of debt again.
 */
export function byteBucket(rate: { burst: number; perSecond: number }) {
  let tokens = rate.burst;
  let last = Date.now();
  return {
    take(bytes: number): number {
      const now = Date.now();
      tokens = Math.min(rate.burst, tokens + ((now - last) / 1000) * rate.perSecond);
      last = now;
      tokens -= bytes;
      return tokens >= 0 ? 0 : Math.ceil((-tokens / rate.perSecond) * 1000);
    },
  };
}

/** Where a document update sits in a Hocuspocus message, if the message carries one. */
export interface CarriedUpdate {
  /** Offset of the message type, right after the document name. */
  typeAt: number;
  /** Bytes of the Yjs update it carries. */
  bytes: number;
}

/**
 * The Yjs update a client's message carries (a sync step 2 or an update), or undefined for any
 * other message (a sync step 1, carets, a token). Unreadable messages are left to Hocuspocus.
 */
export function carriedUpdate(message: Uint8Array): CarriedUpdate | undefined {
  try {
    const decoder = decoding.createDecoder(message);
    decoding.readVarString(decoder);
    const typeAt = decoder.pos;
    if (decoding.readVarUint(decoder) !== SYNC) return undefined;
    const step = decoding.readVarUint(decoder);
    if (step !== SYNC_STEP_2 && step !== SYNC_UPDATE) return undefined;
    return { typeAt, bytes: decoding.readVarUint8Array(decoder).length };
  } catch {
    return undefined;
  }
}

/** Whether a message the server sends is a sync step 2: the document's state for a reader. */
function isStateForReader(message: Uint8Array): boolean {
  try {
    const decoder = decoding.createDecoder(message);
    decoding.readVarString(decoder);
    return decoding.readVarUint(decoder) === SYNC && decoding.readVarUint(decoder) === SYNC_STEP_2;
  } catch {
    return false;
  }
}

/**
 * Makes Hocuspocus apply nothing of `message`: its type becomes a caret query, which Hocuspocus
 * answers only to in-process callers. The type of a sync message is one byte (0), so the message
 * keeps its length. This relies on Hocuspocus reading the very array it passed to
 * `beforeHandleMessage`, as the caret filter does (awareness-guard.ts); a test sends an update
 * past the cap through a real server and checks that nobody receives it.
 */
export function neutralise(message: Uint8Array, update: CarriedUpdate): void {
  message[update.typeAt] = QUERY_AWARENESS;
}

/**
 * Drops a connection whose reader falls behind: before every message is queued, what already
 * waits in the websocket (`bufferedAmount`: the socket's buffer, user space) is compared with
 * `cap`, leaving out the first state sent to it (which may be the whole document) until it is
 * written out. So one frame (up to 1 MiB, an echoed paste) may always go on top of what waits:
 * a writer that pastes twice is not dropped for its own echo, and a reader holds at most about
 * twice the cap. Past the cap the socket is destroyed with its buffer (a close would wait for a
 * drain that never comes).
 */
export function capOutgoing(ws: WebSocket, cap: number, onDropped: (waiting: number) => void) {
  const send = ws.send.bind(ws);
  let firstState = true;
  let exempt = 0;
  ws.send = ((data: Uint8Array, ...rest: unknown[]) => {
    const waiting = ws.bufferedAmount - exempt;
    if (waiting > cap && ws.readyState === ws.OPEN) {
      onDropped(waiting);
      // Hocuspocus's own send then finds the socket closing and lets go of the connection.
      ws.terminate();
    }
    const cb = rest.find((r): r is (err?: Error) => void => typeof r === 'function');
    let counted = 0;
    if (firstState && isStateForReader(data)) {
      firstState = false;
      counted = data.byteLength;
      exempt += counted;
    }
    const written = (err?: Error) => {
      exempt -= counted;
      counted = 0;
      cb?.(err);
    };
    // The same options, with the callback that also tells when the first state is written out.
    const args = rest.filter((r) => typeof r !== 'function');
    (send as (...a: unknown[]) => void)(data, ...args, written);
  }) as WebSocket['send'];
}

/**
 * The encoded size of each open document, kept cheaply: exact when measured, then raised by the
 * size of every update applied since (an update grows the state by about its own size) and
 * lowered by what each change deleted (a deleted letter leaves its structure behind, a few bytes
 * per run), and measured again when that estimate would pass the cap. Refused updates change nothing, so a writer knocking at the cap costs nothing
 * more. Measuring encodes the whole document (about 50 ms for 5 MB of pasted text, 0.8 s for
 * 4 MB typed in 100,000 edits, on a loaded 2-core machine), so a document is measured again only
 * after twenty times its last measure has passed (at least a second): at most 5% of a core, and
 * in between the estimate decides, refusing what may not fit.
 */
export function documentSizes(cap: number) {
  const sizes = new WeakMap<Y.Doc, { estimate: number; nextMeasure: number }>();
  const measure = (doc: Y.Doc, size: { estimate: number; nextMeasure: number }) => {
    const started = Date.now();
    size.estimate = Y.encodeStateAsUpdate(doc).byteLength;
    size.nextMeasure = Date.now() + Math.max(1_000, 20 * (Date.now() - started));
  };
  return {
    /** Whether applying `bytes` more to `doc` keeps it at or under the cap. */
    fits(doc: Y.Doc, bytes: number): boolean {
      let size = sizes.get(doc);
      if (!size) {
        const entry = { estimate: 0, nextMeasure: 0 };
        measure(doc, entry);
        sizes.set(doc, entry);
        // Every change counts, also those from other nodes (through Redis). What a change
        // deletes comes off: a paste removed again leaves a few bytes of structure, not the paste.
        doc.on('update', (update: Uint8Array) => {
          entry.estimate += update.byteLength;
        });
        doc.on('afterTransaction', (transaction: Y.Transaction) => {
          for (const ranges of transaction.deleteSet.clients.values()) {
            for (const range of ranges) entry.estimate -= range.len;
          }
        });
        size = entry;
      }
      if (size.estimate + bytes <= cap) return true;
      if (Date.now() < size.nextMeasure) return false;
      measure(doc, size);
      return size.estimate + bytes <= cap;
    },
  };
}
