import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../socket';
import { createServerClock } from './server-clock';

/** A socket whose `clock-sync` answers with a server running `ahead` ms ahead, after `delays`. */
function fakeSocket(ahead: number, delays: number[]) {
  const handlers = new Map<string, () => void>();
  let i = 0;
  const socket = {
    connected: true,
    on: (event: string, fn: () => void) => handlers.set(event, fn),
    off: (event: string) => handlers.delete(event),
    timeout: () => ({
      emitWithAck: async () => {
        const delay = delays[i++ % delays.length] ?? 0;
        // The server stamps mid-way through the trip.
        await new Promise((r) => setTimeout(r, delay / 2));
        const serverTime = Date.now() + ahead;
        await new Promise((r) => setTimeout(r, delay / 2));
        return { ok: true, serverTime };
      },
    }),
  };
  return { socket: socket as unknown as AppSocket, handlers };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createServerClock', () => {
  it("learns the server's offset from its quickest sample", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { socket } = fakeSocket(5_000, [400, 40, 300, 200, 100]);
    const clock = createServerClock(socket);
    const changed = vi.fn();
    clock.subscribe(changed);
    expect(clock.offset()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(clock.offset()).toBeCloseTo(5_000, 0);
    expect(clock.now() - Date.now()).toBeCloseTo(5_000, 0);
    expect(changed).toHaveBeenCalled();
    clock.stop();
  });

  it('measures afresh after a reconnect, and stops sampling once stopped', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { socket, handlers } = fakeSocket(-2_000, [20]);
    const spy = vi.spyOn(socket, 'timeout');
    const clock = createServerClock(socket);
    await vi.advanceTimersByTimeAsync(500);
    expect(spy).toHaveBeenCalledTimes(5);
    handlers.get('connect')?.();
    await vi.advanceTimersByTimeAsync(500);
    expect(spy).toHaveBeenCalledTimes(10);
    expect(clock.offset()).toBeCloseTo(-2_000, 0);
    clock.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(spy).toHaveBeenCalledTimes(10);
  });
});
