import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { JsepSchema } from '../modules/sfu/janus-messages.js';
import { createSfuService, type SfuEvents } from '../modules/sfu/sfu.service.js';

/**
 * A test-only stand-in for the call's signalling, for browser tests of media through Janus
 * (e2e/sfu-media.spec.ts): the SFU service with its embedded Janus, and a tiny HTTP channel that
 * pages call to join, publish, subscribe, answer, trickle, switch and pick layers. It runs inside the
 * test's network namespace (`ip netns exec`), as do Janus and the browsers; nothing here is the
 * product's signalling, which checks membership and speaks Socket.IO.
 *
 * Environment: PATH (to find janus), JANUS_ICE_ENFORCE_LIST (the namespace's media interface),
 * JANUS_RTP_PORTS (`min-max`). Prints one JSON line `{"port": N}` once Janus answers; SIGTERM
 * stops it and Janus.
 */

const log = {
  debug() {},
  info() {},
  warn(obj: object, msg: string) {
    console.error(JSON.stringify({ msg, ...obj }));
  },
};

const [min, max] = (process.env.JANUS_RTP_PORTS ?? '20500-20599').split('-').map(Number);
const sfu = createSfuService({
  config: {
    dataDir: ':memory:',
    janus: {
      mode: 'embedded',
      searchPath: process.env.PATH,
      rtpPorts: { min: min!, max: max! },
      ...(process.env.JANUS_ICE_ENFORCE_LIST
        ? { iceEnforceList: process.env.JANUS_ICE_ENFORCE_LIST }
        : {}),
    },
  },
  log,
  serverSecret: randomBytes(32),
});

/** Every event the service published, numbered, for pages to wait on. */
const events: { n: number; name: keyof SfuEvents; payload: unknown }[] = [];
for (const name of [
  'instance-ready',
  'instance-lost',
  'participant-ended',
  'publisher-event',
  'subscriber-event',
] as const) {
  sfu.events.on(name, (payload) => void events.push({ n: events.length, name, payload }));
}

const Key = z.string().min(1).max(64);
const Candidate = z
  .object({
    candidate: z.string(),
    sdpMid: z.string().nullish(),
    sdpMLineIndex: z.number().int().nullish(),
  })
  .nullable();
const Streams = z.array(z.object({ feed: z.number().int(), mid: z.string().optional() }));

const Rpc = z.discriminatedUnion('op', [
  z.object({ op: z.literal('join'), key: Key, room: z.string(), display: z.string() }),
  z.object({ op: z.literal('publish'), key: Key, offer: JsepSchema }),
  z.object({
    op: z.literal('trickle'),
    key: Key,
    role: z.enum(['publisher', 'subscriber']),
    candidate: Candidate,
  }),
  z.object({ op: z.literal('subscribe'), key: Key, streams: Streams }),
  z.object({ op: z.literal('answer'), key: Key, answer: JsepSchema }),
  z.object({
    op: z.literal('layers'),
    key: Key,
    layers: z.array(
      z.object({
        mid: z.string(),
        substream: z.number().int().optional(),
        temporal: z.number().int().optional(),
      }),
    ),
  }),
  z.object({
    op: z.literal('switch'),
    key: Key,
    streams: z.array(z.object({ feed: z.number().int(), mid: z.string(), sub_mid: z.string() })),
  }),
  z.object({ op: z.literal('restart'), key: Key }),
  z.object({ op: z.literal('leave'), key: Key }),
  z.object({ op: z.literal('events'), since: z.number().int() }),
]);

async function run(rpc: z.infer<typeof Rpc>): Promise<unknown> {
  switch (rpc.op) {
    case 'join':
      return sfu.joinPublisher(rpc.key, { roomId: rpc.room, display: rpc.display });
    case 'publish':
      return { answer: await sfu.publish(rpc.key, rpc.offer) };
    case 'trickle':
      await sfu.trickle(rpc.key, rpc.role, rpc.candidate);
      return {};
    case 'subscribe':
      return sfu.subscribe(rpc.key, rpc.streams);
    case 'answer':
      await sfu.answerSubscriber(rpc.key, rpc.answer);
      return {};
    case 'layers':
      await sfu.chooseLayers(rpc.key, rpc.layers);
      return {};
    case 'switch':
      return { streams: await sfu.switchStreams(rpc.key, rpc.streams) };
    case 'restart':
      return { offer: await sfu.restartSubscriber(rpc.key) };
    case 'leave':
      await sfu.dropParticipant(rpc.key);
      return {};
    case 'events':
      return { events: events.slice(rpc.since) };
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET' && req.url === '/') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>SFU media harness</title><h1>SFU media harness</h1>');
    return;
  }
  if (req.method !== 'POST' || req.url !== '/rpc') return reply(res, 404, { error: 'not found' });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const parsed = Rpc.safeParse(JSON.parse(Buffer.concat(chunks).toString() || 'null'));
  if (!parsed.success) return reply(res, 400, { error: parsed.error.issues[0]?.message });
  try {
    reply(res, 200, await run(parsed.data));
  } catch (err) {
    reply(res, 500, { error: err instanceof Error ? err.message : String(err) });
  }
}

sfu.start();
await sfu.whenAvailable(30_000);
const server = createServer((req, res) => {
  handle(req, res).catch((err: unknown) => reply(res, 500, { error: String(err) }));
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});

process.once('SIGTERM', () => {
  server.close();
  void sfu.stop().then(() => process.exit(0));
});
