import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { outgoingCap, type EngineSocket } from './socket-limits.js';

/**
 * The outgoing cap's byte count against a stand-in for engine.io's socket: packets join the write
 * buffer one at a time after `packetCreate`, as engine.io's `sendPacket` does, and a flush empties
 * it. The end-to-end case (a client that stops reading is dropped) is socket-outgoing.test.ts.
 */
function fakeEngine() {
  const listeners: ((this: EngineSocket, packet: { data: string }) => void)[] = [];
  const engine = {
    id: 'e1',
    writeBuffer: [] as { data: string }[],
    transport: { socket: { bufferedAmount: 0, terminate: vi.fn() } },
    close: vi.fn(),
    on(_event: 'packetCreate', listener: (typeof listeners)[number]) {
      listeners.push(listener);
    },
    send(bytes: number) {
      const packet = { data: 'x'.repeat(bytes) };
      for (const listener of listeners) listener.call(engine, packet);
      engine.writeBuffer.push(packet);
    },
    flush() {
      engine.writeBuffer = [];
    },
  };
  return engine;
}

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;
const tick = () => new Promise((resolve) => process.nextTick(resolve));

describe('outgoing cap', () => {
  it('drops a socket once the packets waiting for it pass the cap, short buffers and long', async () => {
    for (const packets of [4, 40]) {
      const engine = fakeEngine();
      outgoingCap(packets * 100, log)(engine);
      for (let i = 0; i < packets; i++) engine.send(100);
      await tick();
      expect(engine.close, `${packets} packets of 100 B: at the cap`).not.toHaveBeenCalled();
      engine.send(1);
      await tick();
      expect(engine.close, `${packets} packets of 100 B and one more byte`).toHaveBeenCalledWith(
        true,
      );
      expect(engine.transport.socket.terminate).toHaveBeenCalledTimes(1);
    }
  });

  it('counts a new fill from nothing after a flush, whatever an earlier fill held', async () => {
    const engine = fakeEngine();
    outgoingCap(5_000, log)(engine);
    // A long fill of small packets, then a flush.
    for (let i = 0; i < 30; i++) engine.send(100);
    engine.flush();
    // A new, longer fill of 100 B packets: 49 of them stay under the cap...
    for (let i = 0; i < 49; i++) engine.send(100);
    await tick();
    expect(engine.close).not.toHaveBeenCalled();
    // ...and the 51st passes it.
    engine.send(100);
    engine.send(100);
    await tick();
    expect(engine.close).toHaveBeenCalledTimes(1);
  });

  it('counts what the websocket has not handed to the kernel yet', async () => {
    const engine = fakeEngine();
    outgoingCap(1_000, log)(engine);
    engine.transport.socket.bufferedAmount = 950;
    engine.send(40);
    engine.flush();
    await tick();
    expect(engine.close).not.toHaveBeenCalled();
    engine.send(60);
    await tick();
    expect(engine.close).toHaveBeenCalledTimes(1);
  });
});
