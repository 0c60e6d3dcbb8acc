import { performance } from 'node:perf_hooks';
import { io as connectSocket, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import {
  CALL_LIMIT,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@studycircle/shared';
import { createThrowawayDatabase, freePort, type RunningProcess } from '@studycircle/test-kit';
import { finish, goal, printLoad, size } from './lib/goals.js';
import { cpuMicros, percentile, pinSelf, population, startPinned } from './lib/live.js';

/**
 * Signalling under load, each step against its fair floor in the same run (docs/decisions/0035):
 *
 * - Durable chat: 50 rooms of 10 sockets, every room chatting, at 200 and at 2,000 messages a
 *   second. The floor is a bare `ws` server doing the same INSERT through the same driver before
 *   it acknowledges and fans out (bench/servers/bare-chat-server.ts with DATABASE_URL); the app
 *   stores every message in PostgreSQL the same way. Goals: CPU per delivery at most 1.3x the
 *   floor at 200/s and 1.5x at 2,000/s; p99 delivery latency at most 2x the floor at both; 100%
 *   delivered.
 * - Call events that store nothing: `peer-state` in 50 calls of 8, at 200 a second, against a bare
 *   `ws` server's fan-out (both acknowledge each event, as the web client asks). Goals: CPU per
 *   delivery at most 1.5x, p99 at most 2x. The same relay through a bare Socket.IO server is
 *   measured beside them and printed as a reference, not a goal: Socket.IO's own share.
 *
 * Both servers run at once on core 0, this load generator on core 1 (taskset); the steps run in
 * turns, floor then app, for ROUNDS rounds, so both see the same machine; the goals are checked
 * against the median of the rounds' ratios. CPU is the server process's own (PostgreSQL is a
 * separate process, not counted); latency is send to receipt, both timed here.
 * Smoke mode: 5 rooms, one round, one second per step.
 */

const ROOMS = size(50, 5);
const PER_ROOM = 10;
const PER_CALL = CALL_LIMIT;
const DURATION_S = Number(process.env.BENCH_DURATION ?? size(10, 1));
const WARMUP_S = size(2, 0.5);
const ROUNDS = size(3, 1);
const SERVER_CORE = 0;
const LOAD_CORE = 1;
const JWT_SECRET = 'bench-secret-0123456789abcdef0123456789';

interface Step {
  name: string;
  kind: 'chat' | 'state';
  rate: number;
  cpuGoal: number;
  p99Goal: number;
}

const ALL_STEPS: Step[] = [
  { name: 'chat at 200/s', kind: 'chat', rate: 200, cpuGoal: 1.3, p99Goal: 2 },
  { name: 'chat at 2,000/s', kind: 'chat', rate: 2000, cpuGoal: 1.5, p99Goal: 2 },
  { name: 'peer-state at 200/s', kind: 'state', rate: 200, cpuGoal: 1.5, p99Goal: 2 },
];
/** BENCH_STEP='peer-state at 200/s' (a step's name) runs that step alone, e.g. to profile it. */
const STEPS = process.env.BENCH_STEP
  ? ALL_STEPS.filter((step) => step.name === process.env.BENCH_STEP)
  : ALL_STEPS;
if (STEPS.length === 0) throw new Error(`BENCH_STEP names no step: ${process.env.BENCH_STEP}`);

/** What arrived since the last reset: latencies, deliveries, acknowledgements. */
class Tally {
  latencies: number[] = [];
  delivered = 0;
  acked = 0;
  /** Everything that arrived, counted or not: the harness is settled when this stops moving. */
  arrivals = 0;
  /**
   * Bumped by reset(): an acknowledgement counts only for a send of the current window, so a
   * backlog left by the step before (at 2,000/s on a busy machine) cannot inflate the next.
   */
  window = 0;
  /** Chat: send time per message sequence number (carried in the text). */
  private sentAt = new Map<number, number>();
  /**
   * Peer state carries no payload of ours, so each sender's sends are timed in order and each
   * receiver counts what it has had from that sender: one sender's events arrive in order.
   */
  private stateSends = new Map<string, number[]>();
  private stateSeen = new Map<string, number>();

  reset() {
    this.window += 1;
    this.latencies = [];
    this.delivered = 0;
    this.acked = 0;
    this.sentAt.clear();
    this.stateSends.clear();
    this.stateSeen.clear();
  }

  chatSent(seq: number) {
    this.sentAt.set(seq, performance.now());
  }

  /** Returns a callback that counts one acknowledgement, if it arrives for this window's send. */
  ackFor(): () => void {
    const window = this.window;
    return () => {
      this.arrivals += 1;
      if (window === this.window) this.acked += 1;
    };
  }

  chatReceived(text: string) {
    this.arrivals += 1;
    const at = this.sentAt.get(Number(text.slice(2)));
    if (at === undefined) return;
    this.delivered += 1;
    this.latencies.push(performance.now() - at);
  }

  stateSent(sender: string) {
    let sends = this.stateSends.get(sender);
    if (!sends) this.stateSends.set(sender, (sends = []));
    sends.push(performance.now());
  }

  stateReceived(receiver: string, sender: string) {
    this.arrivals += 1;
    const key = `${receiver} ${sender}`;
    const index = this.stateSeen.get(key) ?? 0;
    const at = this.stateSends.get(sender)?.[index];
    if (at === undefined) return;
    this.stateSeen.set(key, index + 1);
    this.delivered += 1;
    this.latencies.push(performance.now() - at);
  }
}

interface Harness {
  /** Sends one message from member `member` of room `room`. */
  send(room: number, member: number): void;
  close(): void;
}

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Globally unique, so no client id repeats across steps and rounds (the app stores each once). */
let nextSeq = 1;

/** A connected Socket.IO client; `auth` is the app's token or the bare server's room. */
async function connectApp(
  base: string,
  auth: { token: string } | { room: string },
): Promise<AppSocket> {
  const s: AppSocket = connectSocket(base, {
    transports: ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

async function appChat(
  base: string,
  tokens: string[],
  roomIds: string[],
  t: Tally,
): Promise<Harness> {
  const sockets: AppSocket[][] = [];
  for (let r = 0; r < ROOMS; r++) {
    sockets.push(
      await Promise.all(
        Array.from({ length: PER_ROOM }, async (_, m) => {
          const s = await connectApp(base, { token: tokens[m]! });
          const joined = await s.emitWithAck('join-chat', { roomId: roomIds[r]! });
          if (!joined.ok) throw new Error(joined.message);
          s.on('chat-message', (msg) => t.chatReceived(msg.text));
          return s;
        }),
      ),
    );
  }
  return {
    send(room, member) {
      const seq = nextSeq++;
      t.chatSent(seq);
      const acked = t.ackFor();
      sockets[room]![member]!.emit(
        'chat-message',
        { roomId: roomIds[room]!, text: `k:${seq}`, id: `a${seq}` },
        (res) => {
          if (res.ok) acked();
        },
      );
    },
    close: () => sockets.flat().forEach((s) => s.disconnect()),
  };
}

/**
 * Peer state in ROOMS calls of PER_CALL Socket.IO clients, each sending with an acknowledgement as
 * the web client does (call-session.ts). `open(room, member)` resolves with a connected socket
 * that receives the room's peer state: the app's, or a bare Socket.IO server's.
 */
async function socketioState(
  open: (room: number, member: number) => Promise<AppSocket>,
  roomIds: string[],
  t: Tally,
): Promise<Harness> {
  const sockets: AppSocket[][] = [];
  let muted = false;
  for (let r = 0; r < ROOMS; r++) {
    const members: AppSocket[] = [];
    // One at a time: the app's seat lock serialises joins to a call anyway.
    for (let m = 0; m < PER_CALL; m++) {
      const s = await open(r, m);
      s.on('peer-state', (state) => t.stateReceived(s.id!, state.id));
      members.push(s);
    }
    sockets.push(members);
  }
  return {
    send(room, member) {
      const s = sockets[room]![member % PER_CALL]!;
      t.stateSent(s.id!);
      const acked = t.ackFor();
      muted = !muted;
      s.emit(
        'peer-state',
        { roomId: roomIds[room]!, muted, videoOff: false, hand: false },
        (res) => {
          if (res.ok) acked();
        },
      );
    },
    close: () => sockets.flat().forEach((s) => s.disconnect()),
  };
}

/** Peer state through the app: each socket signed in and joined to its room's call. */
function appState(base: string, tokens: string[], roomIds: string[], t: Tally) {
  return socketioState(
    async (room, member) => {
      const s = await connectApp(base, { token: tokens[member]! });
      const joined = await s.emitWithAck('join-room', { roomId: roomIds[room]! });
      if (!joined.ok) throw new Error(joined.message);
      return s;
    },
    roomIds,
    t,
  );
}

/**
 * Peer state through a bare Socket.IO server (bench/servers/bare-socketio-server.ts): the same
 * client library, events and acknowledgements as the app's, and nothing of the app's on the server.
 */
function bareSocketioState(port: number, roomIds: string[], t: Tally) {
  return socketioState(
    (room) => connectApp(`http://127.0.0.1:${port}`, { room: roomIds[room]! }),
    roomIds,
    t,
  );
}

async function bare(
  port: number,
  kind: Step['kind'],
  users: { id: string; name: string }[],
  roomIds: string[],
  t: Tally,
): Promise<Harness> {
  const perRoom = kind === 'chat' ? PER_ROOM : PER_CALL;
  const sockets: { ws: WebSocket; id: string }[][] = [];
  let muted = false;
  let connected = 0;
  /** Sent, not yet acknowledged: message id to the tally's counter for its window. */
  const pendingAcks = new Map<string, () => void>();
  for (let r = 0; r < ROOMS; r++) {
    const members = await Promise.all(
      Array.from({ length: perRoom }, async (_, m) => {
        const user = users[m]!;
        // The socket's id is ours to name, so a state event can be timed against its sender.
        const id = `s${++connected}`;
        const query = new URLSearchParams({
          room: roomIds[r]!,
          user: user.id,
          name: user.name,
          id,
        });
        const ws = new WebSocket(`ws://127.0.0.1:${port}/?${query}`, { perMessageDeflate: false });
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        ws.on('message', (data) => {
          const msg = JSON.parse(data.toString()) as {
            t?: string;
            id?: string;
            text?: string;
            ack?: string;
          };
          if (msg.ack !== undefined) {
            const acked = pendingAcks.get(msg.ack);
            pendingAcks.delete(msg.ack);
            if (acked) acked();
          } else if (msg.t === 'state') t.stateReceived(id, msg.id!);
          else if (msg.text) t.chatReceived(msg.text);
        });
        return { ws, id };
      }),
    );
    sockets.push(members);
  }
  return {
    send(room, member) {
      const { ws, id } = sockets[room]![member % perRoom]!;
      if (kind === 'chat') {
        const seq = nextSeq++;
        t.chatSent(seq);
        pendingAcks.set(`f${seq}`, t.ackFor());
        ws.send(JSON.stringify({ t: 'chat', text: `k:${seq}`, id: `f${seq}` }));
      } else {
        t.stateSent(id);
        muted = !muted;
        const ackId = String(nextSeq++);
        pendingAcks.set(ackId, t.ackFor());
        ws.send(
          JSON.stringify({
            t: 'state',
            id: ackId,
            muted,
            videoOff: false,
            hand: false,
          }),
        );
      }
    },
    close: () => sockets.flat().forEach(({ ws }) => ws.close()),
  };
}

/** Sends at `rate` for `seconds`, rooms in turn and members in turn within each room. */
async function drive(h: Harness, rate: number, seconds: number, perRoom: number): Promise<number> {
  const total = Math.round(rate * seconds);
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    h.send(i % ROOMS, Math.floor(i / ROOMS) % perRoom);
  }
  return total;
}

/**
 * Waits until nothing has arrived for half a second (at most 30 s): a step that left a backlog
 * (2,000/s on a busy machine) must not spill into the next one's window or CPU time.
 */
async function settle(t: Tally) {
  const deadline = performance.now() + 30_000;
  let last = -1;
  while (t.arrivals !== last && performance.now() < deadline) {
    last = t.arrivals;
    await new Promise((r) => setTimeout(r, 500));
  }
}

interface Result {
  sent: number;
  delivered: number;
  expected: number;
  acked: number;
  cpuPerDelivery: number;
  p50: number;
  p99: number;
}

async function measure(label: string, step: Step, server: RunningProcess, h: Harness, t: Tally) {
  const perRoom = step.kind === 'chat' ? PER_ROOM : PER_CALL;
  await drive(h, step.rate, WARMUP_S, perRoom);
  await settle(t);
  t.reset(); // only the measured window counts
  const cpu0 = cpuMicros(server.child.pid!);
  const started = performance.now();
  const sent = await drive(h, step.rate, DURATION_S, perRoom);
  const sendSeconds = (performance.now() - started) / 1000;
  const expected = sent * (perRoom - 1);
  const deadline = performance.now() + 10_000;
  while (t.delivered < expected && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const cpu = cpuMicros(server.child.pid!) - cpu0;
  const sorted = [...t.latencies].sort((a, b) => a - b);
  const result: Result = {
    sent,
    delivered: t.delivered,
    expected,
    acked: t.acked,
    cpuPerDelivery: cpu / Math.max(1, t.delivered),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
  console.log(
    `  ${label.padEnd(26)} sent ${sent} (${(sent / sendSeconds).toFixed(0)}/s), acked ${t.acked}, ` +
      `delivered ${t.delivered}/${expected}, CPU ${result.cpuPerDelivery.toFixed(1)} µs/delivery, ` +
      `p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms`,
  );
  return result;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

pinSelf(LOAD_CORE);
printLoad();
console.log(
  `Signalling: chat in ${ROOMS} rooms of ${PER_ROOM}, peer-state in ${ROOMS} calls of ${PER_CALL}; ` +
    `${DURATION_S} s per step after ${WARMUP_S} s of warm-up, ${ROUNDS} round(s); ` +
    `servers on core ${SERVER_CORE}, load on core ${LOAD_CORE}`,
);

const database = await createThrowawayDatabase({ prefix: 'sc_bench_signalling' });
const appPort = await freePort();
const floorPort = await freePort();
const barePort = await freePort();
const running: RunningProcess[] = [];
try {
  // The app first: it creates the tables the durable floor writes to.
  const app = await startPinned(
    'bench/servers/live-app-server.ts',
    {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATA_DIR: '/tmp/sc-bench-signalling',
      JWT_SECRET,
      LOG_LEVEL: 'silent',
    },
    `http://127.0.0.1:${appPort}/api/health`,
    SERVER_CORE,
  );
  running.push(app);
  const floor = await startPinned(
    'bench/servers/bare-chat-server.ts',
    { PORT: String(floorPort), DATABASE_URL: database.url },
    `http://127.0.0.1:${floorPort}/health`,
    SERVER_CORE,
  );
  running.push(floor);
  const bareWs = await startPinned(
    'bench/servers/bare-chat-server.ts',
    { PORT: String(barePort) },
    `http://127.0.0.1:${barePort}/health`,
    SERVER_CORE,
  );
  running.push(bareWs);
  const socketioPort = await freePort();
  const bareSocketio = await startPinned(
    'bench/servers/bare-socketio-server.ts',
    { PORT: String(socketioPort) },
    `http://127.0.0.1:${socketioPort}/health`,
    SERVER_CORE,
  );
  running.push(bareSocketio);

  const base = `http://127.0.0.1:${appPort}`;
  const { tokens, users, roomIds } = await population(base, PER_ROOM, ROOMS);
  const tallies = { floor: new Tally(), app: new Tally(), socketio: new Tally() };
  const harnesses = {
    chat: {
      floor: await bare(floorPort, 'chat', users, roomIds, tallies.floor),
      app: await appChat(base, tokens, roomIds, tallies.app),
    },
    state: {
      floor: await bare(barePort, 'state', users, roomIds, tallies.floor),
      app: await appState(base, tokens, roomIds, tallies.app),
    },
  };
  // Not a goal: Socket.IO's own cost for the same relay, so the report shows how much of the
  // app's ratio is Socket.IO's and how much the app's own (limits, validation, the outgoing cap).
  const socketioReference = await bareSocketioState(socketioPort, roomIds, tallies.socketio);
  const socketioRatios: number[] = [];

  const ratios = new Map(STEPS.map((s) => [s, { cpu: [] as number[], p99: [] as number[] }]));
  let complete = true;
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`Round ${round} of ${ROUNDS}`);
    for (const step of STEPS) {
      const floorServer = step.kind === 'chat' ? floor : bareWs;
      const floorName = step.kind === 'chat' ? 'durable floor (ws + INSERT)' : 'bare ws';
      const f = await measure(
        `${step.name}, ${floorName}`,
        step,
        floorServer,
        harnesses[step.kind].floor,
        tallies.floor,
      );
      const a = await measure(
        `${step.name}, StudyCircle`,
        step,
        app,
        harnesses[step.kind].app,
        tallies.app,
      );
      if (step.kind === 'state') {
        const io = await measure(
          `${step.name}, bare Socket.IO`,
          step,
          bareSocketio,
          socketioReference,
          tallies.socketio,
        );
        socketioRatios.push(io.cpuPerDelivery / f.cpuPerDelivery);
        console.log(
          `  reference: bare Socket.IO's relay is ${(io.cpuPerDelivery / f.cpuPerDelivery).toFixed(2)}x ` +
            `bare ws's CPU per delivery; the app is ${(a.cpuPerDelivery / io.cpuPerDelivery).toFixed(2)}x bare Socket.IO's`,
        );
      }
      const r = ratios.get(step)!;
      r.cpu.push(a.cpuPerDelivery / f.cpuPerDelivery);
      r.p99.push(a.p99 / f.p99);
      if (a.delivered !== a.expected || (step.kind === 'chat' && a.acked !== a.sent))
        complete = false;
      console.log(
        `  ${step.name}: CPU ${(a.cpuPerDelivery / f.cpuPerDelivery).toFixed(2)}x, p99 ${(a.p99 / f.p99).toFixed(2)}x the floor`,
      );
    }
  }

  for (const side of Object.values(harnesses)) {
    side.floor.close();
    side.app.close();
  }
  socketioReference.close();

  console.log(`\nMedians of ${ROUNDS} round(s), app against its floor in the same round:`);
  for (const step of STEPS) {
    const floorName = step.kind === 'chat' ? 'the durable floor' : 'bare ws';
    const r = ratios.get(step)!;
    const cpu = median(r.cpu);
    const p99 = median(r.p99);
    goal({
      name: `${step.name}: CPU per delivery vs ${floorName}`,
      target: `<= ${step.cpuGoal}x`,
      actual: `${cpu.toFixed(2)}x`,
      met: cpu <= step.cpuGoal,
    });
    goal({
      name: `${step.name}: p99 delivery latency vs ${floorName}`,
      target: `<= ${step.p99Goal}x`,
      actual: `${p99.toFixed(2)}x`,
      met: p99 <= step.p99Goal,
    });
  }
  if (socketioRatios.length > 0) {
    console.log(
      `reference (not a goal): bare Socket.IO relaying peer-state, CPU per delivery ` +
        `${median(socketioRatios).toFixed(2)}x bare ws (median of ${socketioRatios.length})`,
    );
  }
  goal({
    name: 'chat and peer-state events delivered and acknowledged',
    target: '100%',
    actual: complete ? '100%' : 'less than 100%',
    met: complete,
  });
} finally {
  for (const p of running) await p.stop();
  await database.drop();
}
finish();
