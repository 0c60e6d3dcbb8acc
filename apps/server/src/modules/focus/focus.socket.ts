import type { FastifyBaseLogger } from 'fastify';
import {
  FocusControlPayloadSchema,
  FocusJoinPayloadSchema,
  FocusRecapPayloadSchema,
  FocusRoomPayloadSchema,
} from '@studycircle/shared/focus';
import type { EventSubscriber } from '../../lib/events.js';
import { parseWith } from '../../lib/validate.js';
import { sharedEventHandlers } from '../../plugins/socket-handlers.js';
import type { EventLimits } from '../../plugins/socket-limits.js';
import type { IoServer } from '../../types.js';
import type { FocusScheduler } from './focus.scheduler.js';
import type { FocusEvents, FocusService } from './focus.service.js';
import { toolChannel } from '../room-presence/room-presence.service.js';

/** The prefix of a room's focus channel (`focus:<roomId>`): the module's, given to room presence. */
export const FOCUS_CHANNEL = 'focus';
const focusChannel = (roomId: string) => toolChannel(FOCUS_CHANNEL, roomId);

/**
 * The focus timer's live side (docs/decisions/0034-focus-sessions.md): `focus-watch`,
 * `focus-control`, `focus-join`, `focus-leave` and `focus-recap`, each parsed with its shared
 * schema, rate-limited, and checked for membership by the service on every call.
 *
 * `focus-watch` puts the socket in the room's `focus:<roomId>` channel (members only, emptied of a
 * leaver's sockets by room presence) until `focus-unwatch`; every change arrives there as
 * `focus-state`: through the Redis adapter, on every node. The same change sets this node's timer and, with several nodes, tells
 * the others to set theirs (`focus-scheduled`).
 */
export function registerFocusHandlers(
  io: IoServer,
  deps: {
    focus: Pick<FocusService, 'watch' | 'control' | 'join' | 'leave' | 'recap' | 'minMinutes'>;
    events: EventSubscriber<FocusEvents>;
    timers: Pick<FocusScheduler, 'schedule'>;
    /** Other nodes exist only with Redis; the in-memory adapter has no server-side events. */
    multiNode: boolean;
    log: FastifyBaseLogger;
    limits: EventLimits;
  },
): void {
  const { focus, events, timers, multiNode } = deps;

  events.on('focus-changed', ({ state, endsAt }) => {
    io.to(focusChannel(state.roomId)).emit('focus-state', state);
    timers.schedule(state.roomId, endsAt);
    if (multiNode) io.serverSideEmit('focus-scheduled', { roomId: state.roomId, endsAt });
  });
  io.on('focus-scheduled', ({ roomId, endsAt }) => timers.schedule(roomId, endsAt));

  // Registered once for the server: a socket keeps no closure per event (decision 0020).
  const handle = sharedEventHandlers(io, deps);

  handle('focus-watch', async (socket, payload) => {
    const { roomId } = parseWith(FocusRoomPayloadSchema, payload);
    // Members only (the first read checks), then the channel, then the state read again: a change
    // broadcast between a lone read and the join would never reach this socket.
    const checked = await focus.watch(socket.data.user, roomId);
    await socket.join(focusChannel(checked.roomId));
    const state = await focus.watch(socket.data.user, roomId);
    return { state, minMinutes: focus.minMinutes };
  });

  handle('focus-unwatch', async (socket, payload) => {
    const { roomId } = parseWith(FocusRoomPayloadSchema, payload);
    await socket.leave(focusChannel(roomId));
  });

  handle('focus-control', async (socket, payload) => ({
    state: await focus.control(socket.data.user, parseWith(FocusControlPayloadSchema, payload)),
  }));

  handle('focus-join', async (socket, payload) => {
    const { roomId, goal } = parseWith(FocusJoinPayloadSchema, payload);
    return { state: await focus.join(socket.data.user, roomId, goal) };
  });

  handle('focus-leave', async (socket, payload) => {
    const { roomId } = parseWith(FocusRoomPayloadSchema, payload);
    return { state: await focus.leave(socket.data.user, roomId) };
  });

  handle('focus-recap', async (socket, payload) => {
    const { roomId, outcome } = parseWith(FocusRecapPayloadSchema, payload);
    return { state: await focus.recap(socket.data.user, roomId, outcome) };
  });
}
