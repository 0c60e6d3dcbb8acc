import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_POKE_EVENT } from '@studycircle/shared';
import { startTwoNodes, type TestApp } from '../../test/app.js';
import { connected, newUser, next } from '../../test/live.js';
import { pullAll, pushOk, put, recordId } from '../../test/sync.js';

/**
 * Two nodes on one database and one Redis: a push on node A pokes the user's socket on node B
 * through the Redis adapter, and a pull on B finds the change. vitest.config.ts includes this
 * file only when REDIS_URL is set.
 */
describe('sync across nodes', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    ({ a, b } = await startTwoNodes());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a push on node A pokes the user's socket on node B, which then pulls the change", async () => {
    const user = await newUser(a);
    const onB = await connected(b.baseUrl, user.token);
    try {
      const poked = next(onB, SYNC_POKE_EVENT);
      const id = recordId('across');
      const [result] = await pushOk(a.baseUrl, user.token, [put('task', id)]);
      expect(await poked).toEqual({ version: result!.version });
      const { changes } = await pullAll(b.baseUrl, user.token);
      expect(changes.map((c) => c.id)).toContain(id);
    } finally {
      onB.disconnect();
    }
  });
});
