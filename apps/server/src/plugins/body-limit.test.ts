import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@studycircle/shared';
import { startTestApp, type TestApp } from '../test/app.js';

/**
 * A body over the limit is answered, not cut off (RFC 9112 section 9.6): a client that writes the
 * whole body before it reads (as browsers and most HTTP clients do) gets the 413 and its
 * message every time, never a broken pipe or a reset.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * Writes the request with `bytes` of JSON body in full and only then reads the reply, as a
 * client that sends before it listens; rejects on EPIPE or ECONNRESET.
 */
function postWhole(bytes: number): Promise<{ status: number; body: string }> {
  const { port } = new URL(t.baseUrl);
  const body = Buffer.alloc(bytes, 'a');
  body.write('{"email":"');
  body.write('"}', bytes - 2);
  const head =
    `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${bytes}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('error', reject);
    // Nothing is read until the whole request is written, 64 KiB every 2 ms as over a network
    // (on loopback a body written at once is in the server's buffers before it answers).
    socket.pause();
    socket.write(head);
    const writeRest = async () => {
      for (let at = 0; at < bytes; at += 64 * 1024) {
        if (socket.destroyed) return;
        socket.write(body.subarray(at, at + 64 * 1024));
        await new Promise((r) => setTimeout(r, 2));
      }
      socket.end(onWritten);
    };
    void writeRest();
    function onWritten() {
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('end', () => {
        const text = Buffer.concat(received).toString('utf8');
        const [headers = '', ...rest] = text.split('\r\n\r\n');
        resolve({ status: Number(headers.split(' ')[1] ?? 0), body: rest.join('\r\n\r\n') });
      });
      socket.resume();
    }
  });
}

describe('a request body over the limit', () => {
  it.each([1_100_000, 3_000_000])(
    'of %i bytes, written whole, is answered 413 with the message, 20 times in a row',
    async (bytes) => {
      for (let i = 0; i < 20; i++) {
        const reply = await postWhole(bytes);
        expect(reply.status).toBe(413);
        expect(JSON.parse(reply.body)).toMatchObject({
          code: 'BODY_TOO_LARGE',
          message: MESSAGES.bodyTooLarge,
        });
      }
    },
  );
});
