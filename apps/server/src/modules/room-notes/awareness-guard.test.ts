import { describe, expect, it } from 'vitest';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { Awareness, applyAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { blankAwarenessCount, checkAwareness, type AwarenessView } from './awareness-guard.js';

/** A Hocuspocus awareness message for `doc` carrying `states` (client id, clock, state). */
function awarenessMessage(states: [number, number, unknown][], doc = 'f'.repeat(24)): Uint8Array {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, states.length);
  for (const [clientId, clock, state] of states) {
    encoding.writeVarUint(update, clientId);
    encoding.writeVarUint(update, clock);
    encoding.writeVarString(update, JSON.stringify(state));
  }
  const message = encoding.createEncoder();
  encoding.writeVarString(message, doc);
  encoding.writeVarUint(message, 1);
  encoding.writeVarUint8Array(message, encoding.toUint8Array(update));
  return encoding.toUint8Array(message);
}

/** The awareness update inside such a message, as Hocuspocus hands it to y-protocols. */
function payloadOf(message: Uint8Array): Uint8Array {
  const decoder = decoding.createDecoder(message);
  decoding.readVarString(decoder);
  decoding.readVarUint(decoder);
  return decoding.readVarUint8Array(decoder);
}

const ada = { id: 'a'.repeat(24), name: 'Ada' };
const bob = { id: 'b'.repeat(24), name: 'Bob' };

/** The server's view of a document: Bob's client 9 at clock 3. */
function server(): AwarenessView {
  return {
    meta: new Map([[9, { clock: 3 }]]),
    states: new Map([[9, { user: bob }]]),
  };
}

describe('checkAwareness', () => {
  it('passes a caret in the sender’s own name and remembers whose client it is', () => {
    const owners = new Map<number, string>();
    const msg = awarenessMessage([[7, 1, { user: { ...ada, color: '#1d4ed8' }, cursor: null }]]);
    expect(checkAwareness(msg, ada, owners, server())).toEqual({ kind: 'pass' });
    expect(owners.get(7)).toBe(ada.id);
  });

  it('passes a state that names nobody, and the sender’s own client leaving', () => {
    const owners = new Map<number, string>([[7, ada.id]]);
    expect(checkAwareness(awarenessMessage([[7, 1, {}]]), ada, owners, server()).kind).toBe('pass');
    expect(checkAwareness(awarenessMessage([[7, 2, null]]), ada, owners, server()).kind).toBe(
      'pass',
    );
  });

  it('passes other people’s states sent back unchanged (the server ignores them)', () => {
    const owners = new Map<number, string>([[9, bob.id]]);
    const echo = awarenessMessage([[9, 3, { user: bob }]]);
    expect(checkAwareness(echo, ada, owners, server())).toEqual({ kind: 'pass' });
  });

  it('drops a caret in another name, and a newer state or a removal of someone else’s client', () => {
    const owners = new Map<number, string>([[9, bob.id]]);
    for (const entry of [
      [7, 1, { user: bob }],
      [7, 1, { user: { ...ada, name: 'Teacher' } }],
      [9, 4, { user: ada }],
      [9, 3, null],
    ] as [number, number, unknown][]) {
      const verdict = checkAwareness(awarenessMessage([entry]), ada, owners, server());
      expect(verdict).toMatchObject({ kind: 'filter', dropped: 1 });
    }
    expect(owners.get(7)).toBeUndefined();
    expect(owners.get(9)).toBe(bob.id);
  });

  it('knows a client announced through another node by the name in its state', () => {
    const owners = new Map<number, string>();
    const verdict = checkAwareness(
      awarenessMessage([[9, 4, { user: ada }]]),
      ada,
      owners,
      server(),
    );
    expect(verdict).toMatchObject({ kind: 'filter', dropped: 1 });
  });

  it('applies the rest of an update whose other entries are dropped, and blanks the original', () => {
    const doc = new Y.Doc();
    const awareness = new Awareness(doc);
    awareness.setLocalState(null);
    const owners = new Map<number, string>();
    applyAwarenessUpdate(awareness, payloadOf(awarenessMessage([[9, 3, { user: bob }]])), null);
    const message = awarenessMessage([
      [7, 1, { user: ada }],
      [9, 4, { user: { ...bob, name: 'Bobby' } }],
    ]);
    const verdict = checkAwareness(message, ada, owners, awareness);
    if (verdict.kind !== 'filter') throw new Error(`expected a filter, got ${verdict.kind}`);
    applyAwarenessUpdate(awareness, verdict.allowed, null);
    blankAwarenessCount(message, verdict.countAt, verdict.countLength);
    expect(awareness.getStates().get(7)).toEqual({ user: ada });
    expect(awareness.getStates().get(9)).toEqual({ user: bob });
    // The blanked message applies nothing at all (as Hocuspocus would apply it next).
    applyAwarenessUpdate(awareness, payloadOf(message), null);
    expect(awareness.getStates().get(9)).toEqual({ user: bob });
    doc.destroy();
  });

  it('refuses an update that cannot be read, and passes other message types untouched', () => {
    const owners = new Map<number, string>();
    const broken = awarenessMessage([[7, 1, { user: ada }]]).slice(0, -3);
    expect(checkAwareness(broken, ada, owners, server()).kind).toBe('invalid');
    expect(checkAwareness(awarenessMessage([[7, 1, 'hello']]), ada, owners, server()).kind).toBe(
      'invalid',
    );
    const sync = encoding.createEncoder();
    encoding.writeVarString(sync, 'f'.repeat(24));
    encoding.writeVarUint(sync, 0);
    expect(checkAwareness(encoding.toUint8Array(sync), ada, owners, server()).kind).toBe('pass');
  });
});
