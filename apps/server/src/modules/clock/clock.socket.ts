import type { FastifyBaseLogger } from 'fastify';
import { ClockSyncPayloadSchema } from '@studycircle/shared';
import { parseWith } from '../../lib/validate.js';
import { sharedEventHandlers } from '../../plugins/socket-handlers.js';
import type { EventLimits } from '../../plugins/socket-limits.js';
import type { IoServer } from '../../types.js';

/**
 * The room clock's server side (packages/shared/src/clock.ts): `clock-sync` answers with this
 * node's time. Every node's clock is the machine's (NTP keeps them within a few ms), so a client
 * that reconnects to another node keeps a good offset. Any signed-in socket may ask: the time
 * tells nothing about a room.
 */
export function registerClockHandlers(
  io: IoServer,
  deps: { log: FastifyBaseLogger; limits: EventLimits },
) {
  const handle = sharedEventHandlers(io, deps);
  handle('clock-sync', async (_socket, payload) => {
    parseWith(ClockSyncPayloadSchema, payload ?? {});
    return { serverTime: Date.now() };
  });
}
