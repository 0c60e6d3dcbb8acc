import { describe, expect, it } from 'vitest';
import { createEventBus } from './events.js';

interface TestEvents {
  'membership-ended': { roomId: string; userId: string };
  'room-closed': { roomId: string };
}

describe('event bus', () => {
  it('runs the handlers of an event in the order they subscribed and waits for each', async () => {
    const bus = createEventBus<TestEvents>(() => undefined);
    const seen: string[] = [];
    bus.on('membership-ended', async ({ userId }) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen.push(`first ${userId}`);
    });
    bus.on('membership-ended', ({ userId }) => {
      seen.push(`second ${userId}`);
    });
    bus.on('room-closed', ({ roomId }) => {
      seen.push(`closed ${roomId}`);
    });
    await bus.emit('membership-ended', { roomId: 'r', userId: 'u' });
    // Resolved only after the slow first handler: the publisher's caller sees the work done.
    expect(seen).toEqual(['first u', 'second u']);
  });

  it('resolves with no subscriber, and stops calling a handler once it unsubscribes', async () => {
    const bus = createEventBus<TestEvents>(() => undefined);
    await expect(bus.emit('room-closed', { roomId: 'r' })).resolves.toBeUndefined();
    const seen: string[] = [];
    const off = bus.on('room-closed', ({ roomId }) => {
      seen.push(roomId);
    });
    await bus.emit('room-closed', { roomId: 'a' });
    off();
    await bus.emit('room-closed', { roomId: 'b' });
    expect(seen).toEqual(['a']);
  });

  it('runs every handler when one fails, reports the failure and resolves', async () => {
    const failures: [string, unknown][] = [];
    const bus = createEventBus<TestEvents>((event, err) => failures.push([event, err]));
    const later: string[] = [];
    bus.on('room-closed', () => {
      throw new Error('adapter down');
    });
    bus.on('room-closed', async ({ roomId }) => {
      await Promise.resolve();
      throw new Error(`store down ${roomId}`);
    });
    bus.on('room-closed', ({ roomId }) => {
      later.push(roomId);
    });
    await expect(bus.emit('room-closed', { roomId: 'r' })).resolves.toBeUndefined();
    // The change behind the event is committed: the last subscriber still acts on it.
    expect(later).toEqual(['r']);
    expect(failures.map(([event, err]) => [event, (err as Error).message])).toEqual([
      ['room-closed', 'adapter down'],
      ['room-closed', 'store down r'],
    ]);
  });
});
