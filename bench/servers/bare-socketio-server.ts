import { createServer } from 'node:http';
import { writeHeapSnapshot } from 'node:v8';
import { Server } from 'socket.io';
import { releaseUpgradeRequests } from '../../apps/server/src/plugins/socket-upgrade.js';

/**
 * Socket.IO's own floor for the idle-capacity bench: a Socket.IO server configured like the app's
 * (websocket only, no compression, no client bundle, the same frame cap) that does nothing else:
 * no authentication, no handlers, no rooms but the socket's own. The upgrade request is let go on
 * connection as the app does (plugins/socket-upgrade.ts): what is left is Socket.IO's, engine.io's
 * and ws's own. (Dropping only the engine's reference, as Socket.IO's performance-tuning page
 * advises, leaves the request held elsewhere: about 1.1 KB more per socket.)
 *
 * For the signalling bench it also relays a call's `peer-state` the way the app does and nothing
 * more (no token, no rate limit, no validation, no outgoing cap): a client that connects with
 * `auth: {room: <id>}` joins that room, and each `peer-state` it sends is acknowledged with `{ok: true}`
 * and sent to the rest of the room with the sender's socket id. Socket.IO's share of the app's
 * cost, measured beside the bare `ws` floor.
 *
 * GET /health answers 200; GET /__heap collects garbage and reports the heap (run with
 * --expose-gc), and with ?snapshot=<file> writes a heap snapshot there.
 */

interface PeerState {
  muted: boolean;
  videoOff: boolean;
  hand: boolean;
}

const gc = (globalThis as { gc?: () => void }).gc;
const server = createServer((req, res) => {
  if (req.url?.startsWith('/__heap')) {
    for (let i = 0; i < 3; i++) gc?.();
    const snapshot = new URL(req.url, 'http://x').searchParams.get('snapshot');
    if (snapshot) writeHeapSnapshot(snapshot);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(process.memoryUsage()));
    return;
  }
  if (req.url === '/health') {
    res.writeHead(200);
    res.end();
  }
});
const io = new Server(server, {
  transports: ['websocket'],
  serveClient: false,
  maxHttpBufferSize: 64 * 1024,
  perMessageDeflate: false,
});
const release = releaseUpgradeRequests(io.engine);
io.engine.on('connection', release);
io.on('connection', (socket) => {
  // From the CONNECT packet: the handshake's query comes from the upgrade request, let go above.
  const room = (socket.handshake.auth as { room?: unknown }).room;
  if (typeof room !== 'string') return;
  void socket.join(room);
  socket.on('peer-state', (state: PeerState, ack?: (answer: { ok: true }) => void) => {
    const { muted, videoOff, hand } = state;
    socket.to(room).emit('peer-state', { id: socket.id, muted, videoOff, hand });
    ack?.({ ok: true });
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  io.close(() => process.exit(0));
});
