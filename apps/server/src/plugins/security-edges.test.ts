import { connect as tcpConnect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, registerUser, startTestApp, type TestApp } from '../test/app.js';
import { connect, connected } from '../test/live.js';

/**
 * The edges of the HTTP server a probe found: replies made before any route runs (a malformed or
 * too long URL, oversized headers, Socket.IO's own transport errors) carry the same security
 * headers as the rest; no-store follows the route that answered, however its path was spelt; a
 * websocket handshake from a foreign page is refused; a request that trickles in is cut off.
 */

let t: TestApp;
const PUBLIC_URL = 'https://study.example.test';

beforeAll(async () => {
  t = await startTestApp({
    env: { PUBLIC_URL },
    // Short enough for a test to watch the server give up on a slow request.
    appOptions: { timeouts: { requestMs: 1000, headersMs: 1000, checkIntervalMs: 100 } },
  });
});
afterAll(async () => {
  await t?.close();
});

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  closedAfterMs: number;
}

/** Sends raw bytes (so nothing fixes up a bad request line) and reads until the server closes. */
function raw(chunks: (string | { waitMs: number })[]): Promise<RawReply> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = tcpConnect(Number(port), '127.0.0.1');
    let received = '';
    let stopped = false;
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (received += d));
    socket.on('error', () => {});
    socket.on('close', () => {
      stopped = true;
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      const body = rest.join('\r\n\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: headers['transfer-encoding'] === 'chunked' ? unchunk(body) : body,
        closedAfterMs: Date.now() - started,
      });
    });
    socket.setTimeout(20_000, () => {
      socket.destroy();
      reject(new Error('the server never closed the connection'));
    });
    void (async () => {
      for (const chunk of chunks) {
        if (stopped) return;
        if (typeof chunk === 'string') socket.write(chunk);
        else await new Promise((r) => setTimeout(r, chunk.waitMs));
      }
    })();
  });
}

/** The data of a chunked body (Socket.IO's replies are sent that way). */
function unchunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

const request = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;

function expectSecurityHeaders(headers: Record<string, string>, what: string) {
  expect(headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['strict-transport-security'], what).toMatch(/max-age=\d+/);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['cache-control'], what).toBe('no-store');
}

describe('replies made before routing', () => {
  it('carry the security headers and never echo the path', async () => {
    const longId = 'x'.repeat(300);
    const cases = {
      'too long a path parameter': [request(`/api/rooms/${longId}`), 414],
      'a malformed URL': [request('/api/rooms/%E0%A4%A'), 400],
      'headers too large': [request('/api/health', `X-Big: ${'y'.repeat(20_000)}\r\n`), 431],
      'a request line Node cannot parse': ['NOT-HTTP\r\n\r\n', 400],
      'Socket.IO without a transport': [request('/socket.io/?EIO=4&transport=polling'), 400],
    } as const;
    for (const [what, [bytes, status]] of Object.entries(cases)) {
      const reply = await raw([bytes]);
      expect(reply.status, what).toBe(status);
      expectSecurityHeaders(reply.headers, what);
      expect(reply.body, what).not.toContain('xxxxxxxxxx');
      if (reply.headers['content-type']?.includes('json')) {
        expect(JSON.parse(reply.body), what).toMatchObject({ message: expect.any(String) });
      }
    }
  });
});

describe('Cache-Control: no-store', () => {
  it('follows the route that answered, however the path was spelt', async () => {
    const { token } = await registerUser(t.baseUrl);
    for (const path of ['/api/auth/profile', '/%61pi/auth/profile', '/api/auth/%70rofile']) {
      const res = await http(t.baseUrl, 'GET', path, { token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('compressed request bodies', () => {
  it('are refused as not JSON, never inflated', async () => {
    // About 10 KB of gzip that would inflate to 10 MB, ten times the body limit.
    const bomb = gzipSync(Buffer.alloc(10 * 1024 * 1024, ' '));
    const res = await fetch(`${t.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: bomb,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
  });
});

describe('the websocket handshake', () => {
  it('refuses a page of another origin, and admits our own and clients without an Origin', async () => {
    const { token } = await registerUser(t.baseUrl);
    const foreign = connect(t.baseUrl, token, { extraHeaders: { origin: 'http://evil.example' } });
    const refused = await new Promise<boolean>((resolve) => {
      foreign.once('connect', () => resolve(false));
      foreign.once('connect_error', () => resolve(true));
    });
    foreign.disconnect();
    expect(refused).toBe(true);

    for (const headers of [{ origin: PUBLIC_URL }, {}] as Record<string, string>[]) {
      const socket = await connected(t.baseUrl, token, { extraHeaders: headers });
      expect(socket.connected).toBe(true);
      socket.disconnect();
    }
  });

  it('without PUBLIC_URL, admits a page served from the address the request was sent to', async () => {
    const local = await startTestApp({ database: t.database });
    try {
      const { token } = await registerUser(local.baseUrl);
      const own = await connected(local.baseUrl, token, {
        extraHeaders: { origin: local.baseUrl },
      });
      own.disconnect();
      const foreign = connect(local.baseUrl, token, {
        extraHeaders: { origin: 'http://evil.example' },
      });
      const refused = await new Promise<boolean>((resolve) => {
        foreign.once('connect', () => resolve(false));
        foreign.once('connect_error', () => resolve(true));
      });
      foreign.disconnect();
      expect(refused).toBe(true);
    } finally {
      await local.app.close();
    }
  });
});

describe('slow requests', () => {
  it('closes a connection whose body arrives a byte at a time', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'Secret123' });
    const drip: (string | { waitMs: number })[] = [
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    ];
    for (const ch of body) drip.push(ch, { waitMs: 200 });
    const reply = await raw(drip);
    // The whole request was allowed one second; it was never answered as a sign-in.
    expect(reply.status).toBe(408);
    expect(reply.closedAfterMs).toBeLessThan(5000);
    expectSecurityHeaders(reply.headers, '408');
    expect(JSON.parse(reply.body)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });

  it('closes a connection whose headers never end', async () => {
    const drip: (string | { waitMs: number })[] = ['GET /api/health HTTP/1.1\r\n'];
    for (let i = 0; i < 40; i++) drip.push(`X-Slow-${i}: 1\r\n`, { waitMs: 200 });
    const reply = await raw(drip);
    expect(reply.closedAfterMs).toBeLessThan(5000);
    expect(reply.status).toBe(408);
  });
});
