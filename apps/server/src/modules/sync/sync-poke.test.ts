import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_POKE_EVENT } from '@studycircle/shared';
import { startTestApp, type TestApp } from '../../test/app.js';
import { connected, newUser, next, record, settle } from '../../test/live.js';
import { del, pushOk, put, recordId } from '../../test/sync.js';

/**
 * The poke over real Socket.IO: after a push that stored something, every socket of that user
 * (another tab, another device) hears `sync-poke` with the newest version, and nobody else does.
 * Across two nodes: multi-node.test.ts beside this file.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sync-poke', () => {
  it("reaches every socket of the user who pushed, with the newest version, and no one else's", async () => {
    const a = await newUser(t);
    const b = await newUser(t);
    const laptop = await connected(t.baseUrl, a.token);
    const phone = await connected(t.baseUrl, a.token);
    const stranger = await connected(t.baseUrl, b.token);
    try {
      const strangerPokes = record(stranger, SYNC_POKE_EVENT);
      const onLaptop = next(laptop, SYNC_POKE_EVENT);
      const onPhone = next(phone, SYNC_POKE_EVENT);
      const id = recordId();
      const results = await pushOk(t.baseUrl, a.token, [put('task', id), del('task', recordId())]);
      const newest = Math.max(...results.map((r) => r.version));
      expect(await onLaptop).toEqual({ version: newest });
      expect(await onPhone).toEqual({ version: newest });
      await settle([stranger]);
      expect(strangerPokes).toEqual([]);
    } finally {
      laptop.disconnect();
      phone.disconnect();
      stranger.disconnect();
    }
  });

  it('does not poke when a push stored nothing (a replay, a put on a tombstone)', async () => {
    const a = await newUser(t);
    const id = recordId();
    const m = put('task', id);
    await pushOk(t.baseUrl, a.token, [m]);
    await pushOk(t.baseUrl, a.token, [del('task', id)]);
    const phone = await connected(t.baseUrl, a.token);
    try {
      const pokes = record(phone, SYNC_POKE_EVENT);
      const results = await pushOk(t.baseUrl, a.token, [m, put('task', id)]);
      expect(results.map((r) => r.status)).toEqual(['duplicate', 'ignored']);
      await settle([phone]);
      expect(pokes).toEqual([]);
    } finally {
      phone.disconnect();
    }
  });
});
