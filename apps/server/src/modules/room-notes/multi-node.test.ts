import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_NOTES_CLOSE } from '@studycircle/shared';
import * as Y from 'yjs';
import { http, startTwoNodes, type TestApp } from '../../test/app.js';
import { roomWithMembers } from '../../test/live.js';
import { closed, openNotes, until, type NotesClient } from '../../test/notes.js';

/**
 * Room notes on two server nodes sharing one database and one Redis: editors on different nodes
 * write one document (Hocuspocus's Redis extension carries each change), a removal through one
 * node closes the member's connection on the other, and what both nodes store adds up (each
 * merges into the stored state). vitest.config.ts includes this file only when REDIS_URL is set.
 */
describe('room notes across nodes', () => {
  let a: TestApp;
  let b: TestApp;
  const open: NotesClient[] = [];

  beforeAll(async () => {
    ({ a, b } = await startTwoNodes());
  });
  afterAll(async () => {
    for (const c of open) c.destroy();
    await b?.close();
    await a?.close();
  });

  it('editors on two nodes write one document; a removal on one closes it on the other', async () => {
    const { room, owner, members } = await roomWithMembers(a, 2);
    const onA = openNotes(a.baseUrl, owner.token, room.id);
    const onB = openNotes(b.baseUrl, members[0]!.token, room.id);
    const removedOnB = openNotes(b.baseUrl, members[1]!.token, room.id);
    open.push(onA, onB, removedOnB);
    await Promise.all([onA.synced(), onB.synced(), removedOnB.synced()]);

    onA.type('From node A. ');
    await until(() => onB.text() === 'From node A. ', 'node A’s edit on node B');
    onB.type('From node B.');
    await until(() => onA.text() === 'From node A. From node B.', 'node B’s edit on node A');

    // Removed through node A; their connection lives on node B.
    const removal = await http(
      a.baseUrl,
      'DELETE',
      `/api/rooms/${room.id}/members/${members[1]!.user.id}`,
      { token: owner.token },
    );
    expect(removal.status).toBeLessThan(300);
    expect(await closed(removedOnB, 2_000)).toEqual(ROOM_NOTES_CLOSE.notMember);
    expect(onB.closes).toEqual([]);
  });

  it('what each node stores adds up to every edit', async () => {
    const { room, owner, members } = await roomWithMembers(a, 1);
    const onA = openNotes(a.baseUrl, owner.token, room.id);
    const onB = openNotes(b.baseUrl, members[0]!.token, room.id);
    await Promise.all([onA.synced(), onB.synced()]);
    // Typed at once on both nodes: each node stores its own clients' edits, merged into what the
    // other stored, so neither write loses the other's.
    onA.type('alpha ');
    onB.type('beta ');
    await until(
      () => !onA.provider.hasUnsyncedChanges && !onB.provider.hasUnsyncedChanges,
      'both edits to reach their nodes',
    );
    // Leaving stores each node's document at once.
    onA.destroy();
    onB.destroy();
    let stored = '';
    await until(
      () => stored.includes('alpha') && stored.includes('beta'),
      'both edits in the database',
      10_000,
      async () => {
        const state = await a.app.services.roomNotes.load(room.id);
        const doc = new Y.Doc();
        if (state) Y.applyUpdate(doc, state);
        stored = doc.getText('notes').toString();
      },
    );
  });
});
