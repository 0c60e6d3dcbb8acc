import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  REALTIME_EVENT_LIMITS,
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerToClientEvents,
} from './realtime.js';

/**
 * The socket contract as it stood before each module's events moved to their own file
 * (docs/decisions/0058-socket-contract-per-module.md): event names are those of docs/product.md
 * §9.2 and clients in the field speak them, so composing the maps from modules must not rename,
 * add or drop one, nor change a limit. The names are checked by the type checker (`npx tsc -p packages/shared`), the
 * limits at run time.
 */

// Each event's limits: per socket [burst, perSecond], per account [max, windowMs], the message.
const LIMITS_BEFORE_THE_MOVE = {
  'join-room': [6, 0.2, 30, 60_000, 'callRateLimited'],
  'leave-room': [12, 0.5, 60, 60_000, 'callRateLimited'],
  'join-chat': [20, 1, 120, 60_000, 'eventRateLimited'],
  'leave-chat': [20, 1, 120, 60_000, 'eventRateLimited'],
  offer: [40, 4, 300, 60_000, 'eventRateLimited'],
  answer: [40, 4, 300, 60_000, 'eventRateLimited'],
  'ice-candidate': [400, 40, 3000, 60_000, 'eventRateLimited'],
  'peer-state': [20, 4, 240, 60_000, 'eventRateLimited'],
  'clock-sync': [20, 2, 300, 60_000, 'eventRateLimited'],
  'watch-join': [20, 1, 120, 60_000, 'eventRateLimited'],
  'focus-watch': [20, 1, 120, 60_000, 'eventRateLimited'],
  'focus-unwatch': [20, 1, 120, 60_000, 'eventRateLimited'],
  'watch-leave': [20, 1, 120, 60_000, 'eventRateLimited'],
  'watch-action': [20, 4, 240, 60_000, 'eventRateLimited'],
  'focus-control': [10, 1, 60, 60_000, 'eventRateLimited'],
  'focus-join': [10, 1, 60, 60_000, 'eventRateLimited'],
  'focus-leave': [10, 1, 60, 60_000, 'eventRateLimited'],
  'focus-recap': [10, 1, 60, 60_000, 'eventRateLimited'],
  'chat-message': [20, 5, 40, 10_000, 'chatRateLimited'],
  'whiteboard-join': [40, 2, 300, 60_000, 'eventRateLimited'],
  'whiteboard-leave': [20, 1, 120, 60_000, 'eventRateLimited'],
  'whiteboard-update': [60, 25, 3000, 60_000, 'eventRateLimited'],
  'whiteboard-pointer': [60, 40, 6000, 60_000, 'eventRateLimited'],
  'whiteboard-clear': [3, 0.2, 10, 60_000, 'eventRateLimited'],
  // Added since: following a view on the whiteboard (docs/decisions/0068-follow-a-view.md).
  'whiteboard-follow': [10, 1, 120, 60_000, 'eventRateLimited'],
  'whiteboard-view': [30, 15, 3000, 60_000, 'eventRateLimited'],
} as const;

type ClientEventsBeforeTheMove = keyof typeof LIMITS_BEFORE_THE_MOVE;

type ServerEventsBeforeTheMove =
  | 'users-in-room'
  | 'user-joined'
  | 'user-left'
  | 'offer'
  | 'answer'
  | 'ice-candidate'
  | 'peer-state'
  | 'chat-message'
  | 'call-presence'
  | 'removed-from-room'
  | 'workspace-changed'
  | 'session-ended'
  | 'server-error'
  | 'sync-poke'
  | 'watch-state'
  | 'whiteboard-update'
  | 'whiteboard-pointer'
  | 'whiteboard-peer-left'
  | 'whiteboard-cleared'
  | 'focus-state'
  | 'hand-queue-state'
  | 'whiteboard-followed'
  | 'whiteboard-view'
  // Added since: requests to join told live (docs/decisions/0067-ask-to-join.md).
  | 'room-join-requests'
  | 'room-join-answered';

type InterServerEventsBeforeTheMove =
  | 'user-updated'
  | 'room-closed'
  | 'membership-ended'
  | 'membership-ended-check'
  | 'room-notes-access-ended'
  | 'focus-scheduled';

describe('the composed socket contract', () => {
  it('names the same events as before the move', () => {
    expectTypeOf<keyof ClientToServerEvents>().toEqualTypeOf<ClientEventsBeforeTheMove>();
    expectTypeOf<keyof ServerToClientEvents>().toEqualTypeOf<ServerEventsBeforeTheMove>();
    expectTypeOf<keyof InterServerEvents>().toEqualTypeOf<InterServerEventsBeforeTheMove>();
  });

  it('limits exactly the same client events, with the same numbers', () => {
    expect(Object.keys(REALTIME_EVENT_LIMITS).sort()).toEqual(
      Object.keys(LIMITS_BEFORE_THE_MOVE).sort(),
    );
    const table = Object.fromEntries(
      Object.entries(REALTIME_EVENT_LIMITS).map(([event, l]) => [
        event,
        [l.perSocket.burst, l.perSocket.perSecond, l.perUser.max, l.perUser.windowMs, l.message],
      ]),
    );
    expect(table).toEqual(LIMITS_BEFORE_THE_MOVE);
  });
});
