import { describe, expect, it } from 'vitest';
import { janusRoomKeys, rendezvous } from './rendezvous.js';

/** Rendezvous hashing and Janus room keys: what every node must work out alike. */

const rooms = Array.from({ length: 3000 }, (_, i) => `room-${i.toString(16).padStart(24, '0')}`);
const A = 'ws://janus-a:8188';
const B = 'ws://janus-b:8188';
const C = 'ws://janus-c:8188';
const D = 'ws://janus-d:8188';

function assign(instances: string[]): Map<string, string> {
  return new Map(rooms.map((room) => [room, rendezvous(room, instances)!]));
}

describe('rendezvous hashing', () => {
  it('picks the same instance whatever order the instances come in', () => {
    const one = assign([A, B, C]);
    expect(assign([C, A, B])).toEqual(one);
    expect(assign([B, C, A])).toEqual(one);
  });

  it('spreads rooms about evenly', () => {
    const counts = new Map<string, number>();
    for (const instance of assign([A, B, C]).values()) {
      counts.set(instance, (counts.get(instance) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([A, B, C]);
    // 1000 each on average; a fair spread stays well within +-15%.
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(150);
  });

  it("moves only a failed instance's rooms, each to another instance", () => {
    const before = assign([A, B, C]);
    const after = assign([A, C]);
    for (const room of rooms) {
      if (before.get(room) === B) expect(after.get(room)).not.toBe(B);
      else expect(after.get(room)).toBe(before.get(room));
    }
    // B's rooms are shared between the two left, not all dumped on one.
    const moved = rooms.filter((r) => before.get(r) === B).map((r) => after.get(r));
    expect(moved.filter((i) => i === A).length).toBeGreaterThan(moved.length / 4);
    expect(moved.filter((i) => i === C).length).toBeGreaterThan(moved.length / 4);
  });

  it('gives a new instance its share, taken from every other, and nothing else moves', () => {
    const before = assign([A, B, C]);
    const after = assign([A, B, C, D]);
    const moved = rooms.filter((r) => after.get(r) !== before.get(r));
    expect(moved.every((r) => after.get(r) === D)).toBe(true);
    expect(Math.abs(moved.length - rooms.length / 4)).toBeLessThan(rooms.length * 0.05);
  });

  it('has no answer without instances, and the only one with one', () => {
    expect(rendezvous('room', [])).toBeUndefined();
    expect(rendezvous('room', [A])).toBe(A);
  });
});

describe('Janus room keys', () => {
  const secret = new TextEncoder().encode('x'.repeat(32));

  it('are the same on every node that shares the secret, and differ per room', () => {
    const one = janusRoomKeys(secret, 'a'.repeat(24));
    expect(janusRoomKeys(new TextEncoder().encode('x'.repeat(32)), 'a'.repeat(24))).toEqual(one);
    const other = janusRoomKeys(secret, 'b'.repeat(24));
    expect(other.room).not.toBe(one.room);
    expect(other.secret).not.toBe(one.secret);
    expect(other.pin).not.toBe(one.pin);
    expect(one.pin).not.toBe(one.secret);
  });

  it('depend on the server secret, so another deployment cannot work them out', () => {
    const mine = janusRoomKeys(secret, 'a'.repeat(24));
    const theirs = janusRoomKeys(new TextEncoder().encode('y'.repeat(32)), 'a'.repeat(24));
    expect(theirs.room).not.toBe(mine.room);
    expect(theirs.pin).not.toBe(mine.pin);
  });

  it('name rooms by positive integers that JSON carries exactly', () => {
    for (const room of rooms.slice(0, 500)) {
      const { room: n } = janusRoomKeys(secret, room);
      expect(Number.isSafeInteger(n)).toBe(true);
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThan(2 ** 52);
    }
  });
});
