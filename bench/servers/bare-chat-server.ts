import { createServer } from 'node:http';
import { writeHeapSnapshot } from 'node:v8';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The floors for the signalling benchmarks: a bare `ws` server doing the same fan-out as the app,
 * with nothing else. A client connects to /?room=<id>&user=<id>&name=<name>&id=<socket id> (the
 * socket id is the server's own count when not given); each message is JSON:
 *
 * - `{t: 'chat', text, id}`: a chat message. With DATABASE_URL set (the durable floor) it is first
 *   stored with the same INSERT the app's chat repository runs (room_messages, on conflict do
 *   nothing, returning the row), through the same driver (pg) and pool size, one socket's
 *   messages in arrival order as the app stores them; then acknowledged to the sender and sent,
 *   serialised once, to everyone else in the room. Without DATABASE_URL nothing is stored.
 * - `{t: 'state', id, muted, videoOff, hand}`: a call's peer state, stored nowhere (as in the
 *   app): acknowledged (the web client asks for an ack) and sent to everyone else in the room with
 *   the sender's socket id.
 *
 * GET /health answers 200; GET /__heap collects garbage and reports the heap (run with --expose-gc),
 * and with ?snapshot=<file> writes a heap snapshot there.
 */

const rooms = new Map<string, Set<WebSocket>>();
let nextSocketId = 1;
let nextMessageId = 1;
const gc = (globalThis as { gc?: () => void }).gc;
const pool = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  : undefined;

interface StoredRow {
  id: string;
  room_id: string;
  user_id: string;
  name: string;
  text: string;
  client_id: string | null;
  created_at: Date;
}

/** The app's chat insert (modules/chat/chat.repository.ts), a named statement as drizzle prepares it. */
async function store(roomId: string, userId: string, name: string, text: string, clientId: string) {
  const { rows } = await pool!.query<StoredRow>({
    name: 'bare_chat_insert',
    text: `insert into room_messages (room_id, user_id, name, text, client_id)
           values ($1, $2, $3, $4, $5) on conflict do nothing
           returning id, room_id, user_id, name, text, client_id, created_at`,
    values: [roomId, userId, name, text, clientId],
  });
  return rows[0];
}

const server = createServer((req, res) => {
  if (req.url?.startsWith('/__heap')) {
    for (let i = 0; i < 3; i++) gc?.();
    const snapshot = new URL(req.url, 'http://x').searchParams.get('snapshot');
    if (snapshot) writeHeapSnapshot(snapshot);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(process.memoryUsage()));
    return;
  }
  res.writeHead(req.url === '/health' ? 200 : 404);
  res.end();
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });

wss.on('connection', (ws, req) => {
  const query = new URL(req.url ?? '/', 'http://x').searchParams;
  const room = query.get('room') ?? '';
  const userId = query.get('user') ?? '';
  const name = query.get('name') ?? '';
  const socketId = query.get('id') ?? String(nextSocketId++);
  let members = rooms.get(room);
  if (!members) rooms.set(room, (members = new Set()));
  members.add(ws);
  const peers = members;
  let tail: Promise<unknown> = Promise.resolve();

  const fanOut = (out: string) => {
    for (const peer of peers) if (peer !== ws) peer.send(out);
  };

  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as {
      t: 'chat' | 'state';
      text?: string;
      id?: string;
      muted?: boolean;
      videoOff?: boolean;
      hand?: boolean;
    };
    if (msg.t === 'state') {
      ws.send(JSON.stringify({ ack: msg.id }));
      fanOut(
        JSON.stringify({
          t: 'state',
          id: socketId,
          muted: msg.muted,
          videoOff: msg.videoOff,
          hand: msg.hand,
        }),
      );
      return;
    }
    if (!pool) {
      ws.send(JSON.stringify({ ack: msg.id }));
      fanOut(
        JSON.stringify({
          id: String(nextMessageId++),
          roomId: room,
          text: msg.text,
          at: Date.now(),
        }),
      );
      return;
    }
    tail = tail
      .then(async () => {
        const row = await store(room, userId, name, msg.text ?? '', msg.id ?? '');
        if (!row) return;
        const out = {
          id: row.id,
          roomId: row.room_id,
          userId: row.user_id,
          name: row.name,
          text: row.text,
          at: row.created_at.getTime(),
          clientId: row.client_id,
        };
        ws.send(JSON.stringify({ ack: msg.id, message: out }));
        fanOut(JSON.stringify(out));
      })
      // A failed insert is not acknowledged (the bench then reports it undelivered); the next
      // message still runs.
      .catch((err: unknown) => console.error(err));
  });
  ws.on('close', () => peers.delete(ws));
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');

// A plain exit on SIGTERM, so that a CPU profile (BENCH_CPU_PROF) is written.
process.once('SIGTERM', () => process.exit(0));
