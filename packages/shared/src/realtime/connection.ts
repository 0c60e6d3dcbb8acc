import { z } from 'zod';
import type { ServerErrorPayload } from './contract.js';

/**
 * What any connection may be told whatever tool it uses: a refused event, its session or its
 * room membership ended; and what server nodes tell each other about accounts and rooms.
 */

/** `removed-from-room`: this user lost its membership; the socket left the call and the chat. */
export const RemovedFromRoomSchema = z.object({ roomId: z.string(), message: z.string() });
export type RemovedFromRoom = z.infer<typeof RemovedFromRoomSchema>;

export interface ConnectionServerEvents {
  'removed-from-room': (payload: RemovedFromRoom) => void;
  /**
   * This socket's device session was ended from elsewhere; the server disconnects it right after
   * (docs/product.md §3.8). The client shows the message and goes to sign-in instead of redialling.
   */
  'session-ended': (payload: { code: 'SESSION_ENDED'; message: string }) => void;
  /** An event without an ack callback was refused (bad payload, rate limit, call full ...). */
  'server-error': (payload: ServerErrorPayload) => void;
}

/**
 * Events between server nodes (through the Redis adapter, which also carries room broadcasts).
 * `user-updated`: a user's profile changed; each node refreshes that user's sockets, so what they
 * stamp (the author's name on chat messages, the name in a call) is the current one.
 */
export interface ConnectionInterServerEvents {
  'user-updated': (user: { id: string; name: string; email: string }) => void;
  /** A deleted room: each node tells its own sockets and takes them out of the room. */
  'room-closed': (roomId: string) => void;
  /**
   * A membership ended: each node takes its own sockets of the user out of the room's channels
   * at once. Then `membership-ended-check`, with an acknowledgement, until every node has
   * answered: that one evicts only while the database still says "not a member".
   */
  'membership-ended': (payload: { roomId: string; userId: string }) => void;
  'membership-ended-check': (
    payload: { roomId: string; userId: string },
    ack: (done: boolean) => void,
  ) => void;
}
