import type { JoinRequestAnswered, JoinRequestsChanged } from '../rooms.js';

/**
 * Asking to join a private room, live (docs/decisions/0067-ask-to-join.md): two pushes to the
 * people concerned, on their own user channel; the lists themselves are read over REST.
 */

export interface RoomsServerEvents {
  /**
   * To the room's owner and admins, on every device: someone asked to join (`requester` set), or
   * a request was answered or taken back (none): the list of requests is read again.
   */
  'room-join-requests': (payload: JoinRequestsChanged) => void;
  /** To the asker, on every device: the owner or an admin let them in, or turned them down. */
  'room-join-answered': (payload: JoinRequestAnswered) => void;
}
