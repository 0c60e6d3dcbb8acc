import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  connectJanus,
  JanusConnectionLostError,
  JanusError,
  JanusTimeoutError,
  type JanusConnection,
  type JanusHandleEvent,
} from './janus-client.js';

/**
 * The client's handling of what a real Janus rarely does on cue: an answer that never comes, a
 * message that does not parse, a websocket cut mid-request, a keepalive left unanswered, an
 * asynchronous answer after its acknowledgement, an event for a handle. A websocket server on
 * loopback plays Janus here, answering as the Janus API does; the client's work against the real
 * Janus is in sfu.janus.test.ts.
 */

type Request = Record<string, unknown> & { janus: string; transaction: string };

interface FakeJanus {
  url: string;
  /** Requests as received, in order. */
  received: Request[];
  /** The connected client's socket. */
  socket(): WebSocket;
  close(): Promise<void>;
}

const log = { debug() {}, warn() {} };
const servers: FakeJanus[] = [];
const connections: JanusConnection[] = [];

afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A loopback websocket server that answers each request with `answer(request, reply)`. */
async function fakeJanus(
  answer: (request: Request, reply: (message: object) => void) => void,
): Promise<FakeJanus> {
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    handleProtocols: (protocols) => (protocols.has('janus-protocol') ? 'janus-protocol' : false),
  });
  await new Promise((r) => server.once('listening', r));
  const received: Request[] = [];
  let current: WebSocket | undefined;
  server.on('connection', (socket) => {
    current = socket;
    socket.on('message', (data) => {
      const request = JSON.parse(data.toString()) as Request;
      received.push(request);
      answer(request, (message) => socket.send(JSON.stringify(message)));
    });
  });
  const fake: FakeJanus = {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    socket: () => current!,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
  servers.push(fake);
  return fake;
}

/** Answers session and handle creation as Janus does (ids 1 and 2). */
function basics(request: Request, reply: (message: object) => void): boolean {
  const { janus, transaction } = request;
  if (janus === 'create') reply({ janus: 'success', transaction, data: { id: 1 } });
  else if (janus === 'attach') {
    reply({ janus: 'success', session_id: 1, transaction, data: { id: 2 } });
  } else if (janus === 'keepalive') reply({ janus: 'ack', session_id: 1, transaction });
  else return false;
  return true;
}

function joined(transaction: string, id: number) {
  return {
    janus: 'event',
    session_id: 1,
    sender: 2,
    transaction,
    plugindata: { plugin: 'janus.plugin.videoroom', data: { videoroom: 'joined', id } },
  };
}

async function connect(
  fake: FakeJanus,
  options: { requestTimeoutMs?: number; keepaliveMs?: number } = {},
) {
  const connection = await connectJanus({ url: fake.url, apiSecret: 'sekrit', log, ...options });
  connections.push(connection);
  return connection;
}

describe('Janus client', () => {
  it('waits past the acknowledgement for the event that answers an asynchronous request', async () => {
    const fake = await fakeJanus((request, reply) => {
      if (basics(request, reply)) return;
      const { transaction } = request;
      reply({ janus: 'ack', session_id: 1, transaction });
      // An unrelated event first, then the answer, as Janus interleaves them.
      reply({
        janus: 'event',
        session_id: 1,
        sender: 2,
        plugindata: { plugin: 'janus.plugin.videoroom', data: { videoroom: 'talking', id: 9 } },
      });
      reply({
        janus: 'event',
        session_id: 1,
        sender: 2,
        transaction,
        plugindata: {
          plugin: 'janus.plugin.videoroom',
          data: { videoroom: 'event', configured: 'ok' },
        },
        jsep: { type: 'answer', sdp: 'v=0\r\n' },
      });
    });
    const connection = await connect(fake);
    const handle = await (await connection.createSession()).attach('janus.plugin.videoroom');
    const events: JanusHandleEvent[] = [];
    handle.on((e) => events.push(e));
    const answer = await handle.message(
      { request: 'configure' },
      { type: 'offer', sdp: 'v=0\r\n' },
    );
    expect(answer).toEqual({
      data: { videoroom: 'event', configured: 'ok' },
      jsep: { type: 'answer', sdp: 'v=0\r\n' },
    });
    expect(events).toEqual([{ type: 'plugin', data: { videoroom: 'talking', id: 9 } }]);
    // Every request carried the API secret and its own transaction.
    expect(fake.received.every((r) => r.apisecret === 'sekrit')).toBe(true);
    expect(new Set(fake.received.map((r) => r.transaction)).size).toBe(fake.received.length);
    expect(fake.received.at(-1)).toMatchObject({
      janus: 'message',
      session_id: 1,
      handle_id: 2,
      body: { request: 'configure' },
      jsep: { type: 'offer' },
    });
  });

  it('turns core and plugin errors into JanusError with their codes', async () => {
    const fake = await fakeJanus((request, reply) => {
      if (basics(request, reply)) return;
      const { transaction } = request;
      if ((request.body as { request: string }).request === 'exists') {
        reply({
          janus: 'error',
          session_id: 1,
          transaction,
          error: { code: 459, reason: 'No such handle' },
        });
      } else {
        reply({
          janus: 'success',
          session_id: 1,
          sender: 2,
          transaction,
          plugindata: {
            plugin: 'janus.plugin.videoroom',
            data: { videoroom: 'event', error_code: 433, error: 'Unauthorized (wrong pin)' },
          },
        });
      }
    });
    const connection = await connect(fake);
    const handle = await (await connection.createSession()).attach('janus.plugin.videoroom');
    await expect(handle.message({ request: 'exists' })).rejects.toMatchObject({ code: 459 });
    const refused = handle.message({ request: 'join' });
    await expect(refused).rejects.toBeInstanceOf(JanusError);
    await expect(refused).rejects.toThrow('Janus error 433: Unauthorized (wrong pin)');
  });

  it('times a request out, drops its late answer, and keeps working', async () => {
    const held: Request[] = [];
    const fake = await fakeJanus((request, reply) => {
      if (basics(request, reply)) return;
      if (held.length === 0) return void held.push(request);
      reply({ janus: 'ack', session_id: 1, transaction: request.transaction });
      reply(joined(request.transaction, 8));
    });
    const connection = await connect(fake, { requestTimeoutMs: 150 });
    const handle = await (await connection.createSession()).attach('janus.plugin.videoroom');
    const events: JanusHandleEvent[] = [];
    handle.on((e) => events.push(e));
    await expect(handle.message({ request: 'join' })).rejects.toBeInstanceOf(JanusTimeoutError);
    // The first join's answer arrives late: it answers nothing now, and is no news either.
    fake.socket().send(JSON.stringify(joined(held[0]!.transaction, 7)));
    await expect(handle.message({ request: 'join' })).resolves.toMatchObject({ data: { id: 8 } });
    expect(events).toEqual([]);
    expect(connection.alive).toBe(true);
  });

  it('drops a message that does not parse rather than trusting it', async () => {
    const fake = await fakeJanus((request, reply) => {
      // A success without the session id `create` must carry, then plain garbage.
      reply({ janus: 'success', transaction: request.transaction, data: { id: 'one' } });
      fake.socket().send('{not json');
    });
    const connection = await connect(fake, { requestTimeoutMs: 200 });
    await expect(connection.createSession()).rejects.toBeInstanceOf(JanusTimeoutError);
    expect(connection.alive).toBe(true);
  });

  it('fails what is pending and reports the loss when the websocket is cut', async () => {
    const fake = await fakeJanus((request, reply) => {
      if (basics(request, reply)) return;
      // The next request is never answered: Janus dies with it pending.
      fake.socket().terminate();
    });
    const connection = await connect(fake);
    const session = await connection.createSession();
    const handle = await session.attach('janus.plugin.videoroom');
    const events: JanusHandleEvent[] = [];
    handle.on((e) => events.push(e));
    const lost: string[] = [];
    connection.onLost((reason) => lost.push(reason));
    const ended: string[] = [];
    session.onEnd((reason) => ended.push(reason));

    await expect(handle.message({ request: 'list' })).rejects.toBeInstanceOf(
      JanusConnectionLostError,
    );
    expect(lost).toEqual([expect.stringMatching(/^websocket closed/)]);
    expect(ended).toEqual([expect.stringMatching(/^connection lost/)]);
    expect(events).toEqual([
      { type: 'detached', reason: expect.stringMatching(/connection lost/) },
    ]);
    expect(connection.alive).toBe(false);
    // Whatever is asked afterwards fails at once, with the reason.
    await expect(handle.trickle(null)).rejects.toBeInstanceOf(JanusConnectionLostError);
    await expect(connection.createSession()).rejects.toThrow(/websocket closed/);
  });

  it('abandons a connection whose keepalive goes unanswered', async () => {
    const fake = await fakeJanus((request, reply) => {
      if (request.janus === 'keepalive') return; // a hung Janus
      basics(request, reply);
    });
    const connection = await connect(fake, { requestTimeoutMs: 100, keepaliveMs: 50 });
    await connection.createSession();
    const lost = await new Promise<string>((resolve) => connection.onLost(resolve));
    expect(lost).toBe('keepalive unanswered');
    expect(fake.received.some((r) => r.janus === 'keepalive' && r.session_id === 1)).toBe(true);
  });

  it('ends a session Janus timed out, and routes handle events to their handle', async () => {
    const fake = await fakeJanus((request, reply) => void basics(request, reply));
    const connection = await connect(fake);
    const session = await connection.createSession();
    const handle = await session.attach('janus.plugin.videoroom');
    const events: JanusHandleEvent[] = [];
    handle.on((e) => events.push(e));
    const send = (m: object) => fake.socket().send(JSON.stringify(m));
    send({ janus: 'webrtcup', session_id: 1, sender: 2 });
    send({ janus: 'media', session_id: 1, sender: 2, type: 'video', mid: '1', receiving: true });
    send({
      janus: 'slowlink',
      session_id: 1,
      sender: 2,
      uplink: false,
      media: 'video',
      mid: '1',
      lost: 12,
    });
    // Another handle's event is not this one's.
    send({ janus: 'webrtcup', session_id: 1, sender: 3 });
    send({ janus: 'hangup', session_id: 1, sender: 2, reason: 'DTLS alert' });
    send({ janus: 'timeout', session_id: 1 });
    const ended = await new Promise<string>((resolve) => session.onEnd(resolve));
    expect(ended).toBe('timed out in Janus');
    expect(events).toEqual([
      { type: 'webrtcup' },
      { type: 'media', media: 'video', mid: '1', receiving: true },
      { type: 'slowlink', uplink: false, media: 'video', mid: '1', lost: 12 },
      { type: 'hangup', reason: 'DTLS alert' },
      { type: 'detached', reason: 'session timed out in Janus' },
    ]);
    // The connection itself is fine.
    expect(connection.alive).toBe(true);
  });

  it('rejects at once when nothing listens', async () => {
    const fake = await fakeJanus(() => undefined);
    const { url } = fake;
    await fake.close();
    servers.length = 0;
    await expect(connectJanus({ url, log })).rejects.toBeInstanceOf(JanusConnectionLostError);
  });
});
