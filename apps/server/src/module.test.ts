import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { Socket as ClientSocket } from 'socket.io-client';
import { z } from 'zod';
import { ERROR_REPLIES, RoomParamsSchema, RoomRefPayloadSchema } from '@studycircle/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseWith } from './lib/validate.js';
import type { ServerModule } from './module.js';
import { SERVER_MODULES } from './modules.js';
import type { RoomLeave } from './modules/room-presence/room-presence.service.js';
import { BEARER } from './plugins/schemas.js';
import { sharedEventHandlers } from './plugins/socket-handlers.js';
import type { EventLimits } from './plugins/socket-limits.js';
import { http, startTestApp, type TestApp } from './test/app.js';
import { connected, newUser, roomWithMembers, type LiveClient } from './test/live.js';

/**
 * Adding a room tool is one folder plus one line in the module list (module.ts,
 * docs/decisions/0075-one-server-module-shape.md). The tool below exists only in this test: a
 * per-room tally with a route, two socket events in its own `tally:<roomId>` channel and a leave
 * hook. It is handed to `buildApp` with the real list, and nothing central knows it: its route
 * answers, its events are handled, and room presence takes a removed member out of its channel,
 * calling its hook, as it does for the call and the whiteboard.
 */

/** The tally's events are not in the shared contract (a real tool adds them there): untyped. */
type Untyped = ClientSocket;
const untyped = (socket: LiveClient) => socket as unknown as Untyped;

/** Every `onLeave` the tool heard, as tests read them. */
const leaves: Pick<RoomLeave, 'roomId' | 'userId' | 'reason'>[] = [];
const counts = new Map<string, number>();

/** Its events are not in the shared limits table either: a real tool adds them there. */
const noLimits: EventLimits = { check: async () => {} };

const tallyModule: ServerModule = {
  name: 'tally',
  routes: async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/rooms/:id/tally',
      {
        preValidation: app.authenticate,
        schema: {
          security: BEARER,
          params: RoomParamsSchema,
          response: { 200: z.object({ count: z.number() }), ...ERROR_REPLIES },
        },
      },
      async (request) => {
        const room = await app.services.rooms.requireMember(request.params.id, request.user.id);
        return { count: counts.get(room.id) ?? 0 };
      },
    );
  },
  socket: {
    channel: 'tally',
    handlers: ({ io, services, log }) => {
      const handle = sharedEventHandlers(io, { log, limits: noLimits });
      const server = io as unknown as Server;
      handle('tally-join' as 'join-room', async (socket, payload) => {
        const { roomId } = parseWith(RoomRefPayloadSchema, payload);
        const room = await services.rooms.requireMember(roomId, socket.data.user.id);
        await socket.join(`tally:${room.id}`);
        return { count: counts.get(room.id) ?? 0 };
      });
      handle('tally-add' as 'join-room', async (socket, payload) => {
        const { roomId } = parseWith(RoomRefPayloadSchema, payload);
        if (!socket.rooms.has(`tally:${roomId}`)) throw new Error('not following the tally');
        const count = (counts.get(roomId) ?? 0) + 1;
        counts.set(roomId, count);
        server.to(`tally:${roomId}`).emit('tally-changed', { roomId, count });
        return { count };
      });
    },
    onLeave: ({ io, socket, roomId, userId, reason }) => {
      leaves.push({ roomId, userId, reason });
      (io as unknown as Server)
        .to(`tally:${roomId}`)
        .except(socket.id)
        .emit('tally-left', { roomId, userId });
    },
  },
};

/** The next `event` a socket receives. */
function nextOf(socket: Untyped, event: string): Promise<unknown> {
  return new Promise((resolve) => socket.once(event, resolve));
}

describe('a room tool that exists only in a test', () => {
  let t: TestApp;
  const sockets: LiveClient[] = [];
  const open = async (token: string) => {
    const s = await connected(t.baseUrl, token);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startTestApp({ appOptions: { modules: [...SERVER_MODULES, tallyModule] } });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('serves its route, handles its events in its channel, and hears a removal', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const member = members[0]!;
    const stranger = await newUser(t);

    const read = (token: string) =>
      http<{ count: number }>(t.baseUrl, 'GET', `/api/rooms/${room.id}/tally`, { token });
    expect((await read(member.token)).body).toEqual({ count: 0 });
    expect((await read(stranger.token)).status).toBe(403);

    const ownerSocket = untyped(await open(owner.token));
    const memberSocket = untyped(await open(member.token));
    expect(await ownerSocket.emitWithAck('tally-join', { roomId: room.id })).toEqual({
      ok: true,
      count: 0,
    });
    await memberSocket.emitWithAck('tally-join', { roomId: room.id });
    const changed = nextOf(ownerSocket, 'tally-changed');
    expect(await memberSocket.emitWithAck('tally-add', { roomId: room.id })).toEqual({
      ok: true,
      count: 1,
    });
    expect(await changed).toEqual({ roomId: room.id, count: 1 });
    expect((await read(owner.token)).body).toEqual({ count: 1 });

    // Removing the member: room presence calls the tool's hook while the socket is still in its
    // channel (the others hear it went), takes it out, and tells it `removed-from-room`.
    const left = nextOf(ownerSocket, 'tally-left');
    const removed = nextOf(memberSocket, 'removed-from-room');
    const res = await http(t.baseUrl, 'DELETE', `/api/rooms/${room.id}/members/${member.user.id}`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(await left).toEqual({ roomId: room.id, userId: member.user.id });
    expect(await removed).toMatchObject({ roomId: room.id });
    expect(leaves).toContainEqual({ roomId: room.id, userId: member.user.id, reason: 'removed' });
    const refused = await memberSocket.emitWithAck('tally-add', { roomId: room.id });
    expect(refused).toMatchObject({ ok: false });

    // Closing the room: the hook hears every socket still in the channel.
    const closed = nextOf(ownerSocket, 'removed-from-room');
    const deleted = await http(t.baseUrl, 'DELETE', `/api/rooms/${room.id}`, {
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    expect(await closed).toMatchObject({ roomId: room.id });
    expect(leaves).toContainEqual({
      roomId: room.id,
      userId: owner.user.id,
      reason: 'room-closed',
    });
  });
});
