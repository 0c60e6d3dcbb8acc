import { createHash, createHmac } from 'node:crypto';

/**
 * Which Janus a room's call goes to, and what that Janus room is called and locked with, worked
 * out the same on every node without asking anyone
 * (docs/decisions/0051-janus-as-a-part-of-the-server.md).
 */

function score(instance: string, key: string): bigint {
  return createHash('sha256').update(instance).update('\0').update(key).digest().readBigUInt64BE(0);
}

/**
 * Rendezvous (highest-random-weight) hashing: `key` goes to the instance whose hash of (instance,
 * key) is highest. Every node given the same instances picks the same one; when one instance
 * goes, only its keys move (each to its own runner-up), and when one comes back, only the keys it
 * wins return to it. Undefined when there is no instance.
 */
export function rendezvous<T extends string>(key: string, instances: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestScore = -1n;
  for (const instance of instances) {
    const s = score(instance, key);
    // Equal scores (never seen in practice) are broken by name, so the answer is still the same
    // whatever order the instances come in.
    if (s > bestScore || (s === bestScore && best !== undefined && instance < best)) {
      best = instance;
      bestScore = s;
    }
  }
  return best;
}

/** What a StudyCircle room is on Janus: a VideoRoom number, its secret and its pin. */
export interface JanusRoomKeys {
  /** A positive integer below 2^52 (the VideoRoom's default numeric ids; exact in JSON). */
  room: number;
  /** Destroys the room and kicks from it. */
  secret: string;
  /** Joins the room. */
  pin: string;
}

/**
 * Derived from the server's secret (HMAC-SHA256, one label each), so every node of a deployment
 * agrees, a node that restarts still holds the keys of rooms Janus kept, and none of it is stored
 * or sent anywhere but to Janus. Browsers never see them.
 */
export function janusRoomKeys(serverSecret: Uint8Array, roomId: string): JanusRoomKeys {
  const mac = (label: string) =>
    createHmac('sha256', serverSecret).update(label).update('\0').update(roomId).digest();
  // 52 bits, never 0 (not a valid room).
  const room = Number(mac('janus-room-number').readBigUInt64BE(0) >> 12n) || 1;
  return {
    room,
    secret: mac('janus-room-secret').toString('base64url'),
    pin: mac('janus-room-pin').toString('base64url'),
  };
}
