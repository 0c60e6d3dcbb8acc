import type { FastifyBaseLogger } from 'fastify';
import { RoomRefPayloadSchema, WatchActionPayloadSchema } from '@studycircle/shared';
import { parseWith } from '../../lib/validate.js';
import { sharedEventHandlers } from '../../plugins/socket-handlers.js';
import type { EventLimits } from '../../plugins/socket-limits.js';
import type { IoServer } from '../../types.js';
import type { WatchService } from './watch.service.js';
import { toolChannel } from '../room-presence/room-presence.service.js';

/** The prefix of a room's watch channel (`watch:<roomId>`): the module's, given to room presence. */
export const WATCH_CHANNEL = 'watch';
const watchChannel = (roomId: string) => toolChannel(WATCH_CHANNEL, roomId);

/**
 * Watch together over the socket (packages/shared/src/watch.ts): `watch-join`, `watch-leave` and
 * `watch-action`. Every join and every action asks the watch service, which reads membership from
 * the database; a socket that joined follows the room's `watch:<roomId>` channel, and room
 * presence takes it out when its membership or the room ends, so a former member hears nothing
 * more. A stored action goes to the whole channel, on every node through the Redis adapter, the
 * actor's other tabs included; the actor's socket gets the same state in its acknowledgement.
 */
export function registerWatchHandlers(
  io: IoServer,
  deps: {
    watch: Pick<WatchService, 'current' | 'act'>;
    log: FastifyBaseLogger;
    limits: EventLimits;
  },
) {
  const { watch, log, limits } = deps;
  // Registered once for the server: a socket keeps no closure per event (decision 0020).
  const handle = sharedEventHandlers(io, { log, limits });

  handle('watch-join', async (socket, payload) => {
    const { roomId } = parseWith(RoomRefPayloadSchema, payload);
    // Members only (the first read checks), then the channel, then the state read again: a change
    // broadcast between a lone read and the join would never reach this socket.
    const checked = await watch.current(socket.data.user, roomId);
    await socket.join(watchChannel(checked.roomId));
    const current = await watch.current(socket.data.user, roomId);
    return { state: current.state };
  });

  handle('watch-leave', async (socket, payload) => {
    const { roomId } = parseWith(RoomRefPayloadSchema, payload);
    await socket.leave(watchChannel(roomId));
  });

  handle('watch-action', async (socket, payload) => {
    const input = parseWith(WatchActionPayloadSchema, payload);
    const { roomId, state, changed } = await watch.act(
      socket.data.user,
      input.roomId,
      input.action,
    );
    // Only after the write: what followers see is always a stored state.
    if (changed) io.to(watchChannel(roomId)).emit('watch-state', { roomId, state });
    return { state };
  });
}
