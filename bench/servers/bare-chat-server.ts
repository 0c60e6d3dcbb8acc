import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The baseline for the signalling benchmarks: a bare `ws` server doing the same fan-out as the
 * app's chat, with nothing else. A client connects to /?room=<id>; each message it sends is parsed,
 * given an id, acknowledged to the sender and sent once-serialised to everyone else in the room.
 * GET /health answers 200; GET /__heap collects garbage and reports the heap (run with --expose-gc).
 */

const rooms = new Map<string, Set<WebSocket>>();
let nextId = 1;
const gc = (globalThis as { gc?: () => void }).gc;

const server = createServer((req, res) => {
  if (req.url === '/__heap') {
    for (let i = 0; i < 3; i++) gc?.();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(process.memoryUsage()));
    return;
  }
  res.writeHead(req.url === '/health' ? 200 : 404);
  res.end();
});
const wss = new WebSocketServer({ server, perMessageDeflate: false });

wss.on('connection', (ws, req) => {
  const room = new URL(req.url ?? '/', 'http://x').searchParams.get('room') ?? '';
  let members = rooms.get(room);
  if (!members) rooms.set(room, (members = new Set()));
  members.add(ws);
  const peers = members;
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as { text: string; id?: string };
    const out = JSON.stringify({
      id: String(nextId++),
      roomId: room,
      text: msg.text,
      at: Date.now(),
    });
    ws.send(JSON.stringify({ ack: msg.id }));
    for (const peer of peers) if (peer !== ws) peer.send(out);
  });
  ws.on('close', () => peers.delete(ws));
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
