import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

/**
 * Who is editing the notes shows as named carets, drawn from each client's Yjs awareness state,
 * which the client writes itself. Unchecked, a member could put someone else's name on their
 * caret, or overwrite or remove another member's caret by sending a state under that client's
 * id. These checks keep each caret in its account's own name: an entry of an awareness update is
 * let through only when it is about one of the sender's own Yjs clients (a client id belongs to
 * the account that first announced it), and a state that names a user names the sender, by id
 * and name.
 *
 * Clients also send back other people's states they received (the provider re-broadcasts every
 * change, and drops states it has not heard of for 30 s), so an entry about someone else is not
 * an attack in itself: entries the server would ignore anyway (not newer than what it holds) pass
 * untouched, and an entry that would change someone else's caret is dropped while the rest of the
 * update applies. Only an update that cannot be read is refused.
 *
 * Message layout (Hocuspocus over y-protocols): the document name (var string), the message type
 * (var uint; 1 is awareness), then the awareness update as a var byte array holding a count and,
 * per client, its id, a clock and the state as JSON (`null` when the client left).
 */

/** Hocuspocus's message type for an awareness update. */
const AWARENESS_MESSAGE = 1;

export interface CaretOwner {
  id: string;
  name: string;
}

/** The server's awareness of the document, as y-protocols keeps it. */
export interface AwarenessView {
  meta: Map<number, { clock: number }>;
  states: Map<number, Record<string, unknown>>;
}

export type AwarenessVerdict =
  /** Not an awareness update, or nothing in it changes anyone else's caret. */
  | { kind: 'pass' }
  /**
   * Some entries would change another account's caret: apply `allowed` (the rest, re-encoded)
   * instead, and blank the original's count, found at `countAt` over `countLength` bytes.
   */
  | { kind: 'filter'; allowed: Uint8Array; dropped: number; countAt: number; countLength: number }
  /** Unreadable: the connection is closed. */
  | { kind: 'invalid' };

interface Entry {
  clientId: number;
  clock: number;
  json: string;
}

/** The account a state names, if any. */
function namedUser(state: unknown): { id?: unknown; name?: unknown } | undefined {
  if (state === null || typeof state !== 'object' || !('user' in state)) return undefined;
  const user = (state as { user?: unknown }).user;
  return typeof user === 'object' && user !== null ? user : {};
}

/**
 * Checks an incoming message from `user`'s connection against the document's awareness.
 * `owners` maps the document's Yjs client ids to the account that announced each, and learns
 * the ones this update announces.
 */
export function checkAwareness(
  message: Uint8Array,
  user: CaretOwner,
  owners: Map<number, string>,
  awareness: AwarenessView,
): AwarenessVerdict {
  try {
    const decoder = decoding.createDecoder(message);
    decoding.readVarString(decoder);
    if (decoding.readVarUint(decoder) !== AWARENESS_MESSAGE) return { kind: 'pass' };
    const payload = decoding.readVarUint8Array(decoder);
    const countAt = decoder.pos - payload.byteLength;
    const update = decoding.createDecoder(payload);
    const count = decoding.readVarUint(update);
    const countLength = update.pos;
    const allowed: Entry[] = [];
    const claimed: number[] = [];
    let dropped = 0;
    for (let i = 0; i < count; i++) {
      const clientId = decoding.readVarUint(update);
      const clock = decoding.readVarUint(update);
      const json = decoding.readVarString(update);
      const state = JSON.parse(json) as unknown;
      if (state !== null && (typeof state !== 'object' || Array.isArray(state))) {
        return { kind: 'invalid' };
      }
      // What y-protocols would do with it: apply only a newer clock, or a removal at the same one.
      const current = awareness.meta.get(clientId)?.clock ?? 0;
      const applies =
        current < clock || (current === clock && state === null && awareness.states.has(clientId));
      if (!applies) continue;
      // A client announced through another node is known by the account its state names.
      const owner = owners.get(clientId) ?? namedUser(awareness.states.get(clientId))?.id;
      const named = namedUser(state);
      const mine =
        (owner === undefined || owner === user.id) &&
        (named === undefined || (named.id === user.id && named.name === user.name));
      if (!mine) {
        dropped += 1;
        continue;
      }
      allowed.push({ clientId, clock, json });
      if (state !== null) claimed.push(clientId);
    }
    for (const clientId of claimed) owners.set(clientId, user.id);
    if (dropped === 0) return { kind: 'pass' };
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, allowed.length);
    for (const entry of allowed) {
      encoding.writeVarUint(encoder, entry.clientId);
      encoding.writeVarUint(encoder, entry.clock);
      encoding.writeVarString(encoder, entry.json);
    }
    return {
      kind: 'filter',
      allowed: encoding.toUint8Array(encoder),
      dropped,
      countAt,
      countLength,
    };
  } catch {
    return { kind: 'invalid' };
  }
}

/**
 * Turns the count of an awareness update into zero, in place and in as many bytes (a var uint
 * may carry continuation bytes of zero), so the message keeps its length and applies nothing.
 */
export function blankAwarenessCount(message: Uint8Array, at: number, length: number): void {
  for (let i = 0; i < length - 1; i++) message[at + i] = 0x80;
  message[at + length - 1] = 0x00;
}
