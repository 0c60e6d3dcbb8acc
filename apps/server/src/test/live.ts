import {
  io as connectSocket,
  type Socket,
  type SocketOptions,
  type ManagerOptions,
} from 'socket.io-client';
import type { ClientToServerEvents, Room, ServerToClientEvents } from '@studycircle/shared';
import { randomBytes } from 'node:crypto';
import { http, type TestApp } from './app.js';

/**
 * Helpers for live-room tests: real socket.io-client connections typed with the shared contract,
 * a room with members, and waiting for events.
 */

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connect(
  baseUrl: string,
  token: string | undefined,
  options: Partial<ManagerOptions & SocketOptions> = {},
): LiveClient {
  return connectSocket(baseUrl, {
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    reconnection: false,
    forceNew: true,
    ...options,
  });
}

/** Connects and resolves once connected (rejects with the connect error). */
export async function connected(
  baseUrl: string,
  token: string | undefined,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<LiveClient> {
  const socket = connect(baseUrl, token, options);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Resolves with the next `event` payload. */
export function next<E extends keyof ServerToClientEvents>(
  socket: LiveClient,
  event: E,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) =>
      resolve(payload)) as never);
  });
}

/** Records every payload of `event` a socket receives. */
export function record<E extends keyof ServerToClientEvents>(
  socket: LiveClient,
  event: E,
): Parameters<ServerToClientEvents[E]>[0][] {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) =>
    seen.push(payload)) as never);
  return seen;
}

let counter = 0;

/**
 * Registers a user through the auth service, each from its own made-up address: live tests need
 * more accounts than the per-address sign-up limit allows (the HTTP route is tested elsewhere).
 */
export async function newUser(t: TestApp) {
  counter += 1;
  const suffix = randomBytes(4).toString('hex');
  return t.app.services.auth.register(
    {
      name: `Live ${counter}`,
      email: `live${counter}-${suffix}@example.com`,
      password: 'Secret123',
    },
    `203.0.113.${counter % 250}-${suffix}`,
  );
}

export type TestUser = Awaited<ReturnType<typeof newUser>>;

/** Registers an owner and `members` more users, creates a room, and has the others join it. */
export async function roomWithMembers(t: TestApp, members: number) {
  const { baseUrl } = t;
  const owner = await newUser(t);
  const res = await http<{ room: Room }>(baseUrl, 'POST', '/api/rooms', {
    token: owner.token,
    body: { name: 'Live room', subject: 'Maths' },
  });
  if (res.status !== 201) throw new Error(`create room failed: ${res.status}`);
  const room = res.body.room;
  const others: TestUser[] = [];
  for (let i = 0; i < members; i++) {
    const u = await newUser(t);
    const joined = await http(baseUrl, 'POST', '/api/rooms/join', {
      token: u.token,
      body: { code: room.code },
    });
    if (joined.status !== 200) throw new Error(`join failed: ${joined.status}`);
    others.push(u);
  }
  return { room, owner, members: others };
}

/** Gives a socket's pending deliveries time to arrive before asserting that nothing did. */
export async function settle(sockets: LiveClient[]): Promise<void> {
  // A round trip on each socket: anything the server emitted before it has arrived after it.
  await Promise.all(
    sockets.map((s) => s.timeout(5000).emitWithAck('leave-chat', { roomId: '0'.repeat(24) })),
  );
}
