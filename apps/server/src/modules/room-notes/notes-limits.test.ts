import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { ROOM_NOTES_LIMITS, parseRoomNotesNotice } from '@studycircle/shared';
import { startTestApp, type TestApp } from '../../test/app.js';
import { roomWithMembers } from '../../test/live.js';
import { openNotes, until, type NotesClient } from '../../test/notes.js';

/**
 * The notes websocket under a member who means harm (decision 0038): readers that stop reading
 * while a writer pushes large edits, a writer as fast as it can, and a document pushed past its
 * size. Real Hocuspocus clients over `ws`, the
 * server in this process, so its memory is this process's memory.
 */

// Collecting garbage before each reading makes memory show what is held, not what is pending.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** What the process holds, in MB: the heap and the buffers outside it (queued websocket frames). */
function heldMb(): { rss: number; held: number } {
  gc();
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss / 1024 ** 2, held: (m.heapUsed + m.external) / 1024 ** 2 };
}

const MB = 1024 * 1024;
const wsOf = (c: NotesClient) =>
  c.socket.webSocket as unknown as {
    bufferedAmount: number;
    _socket: { pause(): void };
  };

let t: TestApp | undefined;
const open: NotesClient[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) c.destroy();
  await t?.close();
  t = undefined;
});
function client(app: TestApp, token: string, roomId: string) {
  const c = openNotes(app.baseUrl, token, roomId);
  open.push(c);
  return c;
}

/** The notes' length in characters (cheaper than their text, polled every 20 ms). */
const length = (c: NotesClient) => c.doc.getText('notes').length;

/** The Yjs client ids a member's carets show for the document, the watcher's own left out. */
const othersSeen = (watcher: NotesClient) =>
  [...watcher.provider.awareness!.getStates().keys()].filter((id) => id !== watcher.doc.clientID);

describe('readers that stop reading', () => {
  it('are dropped once 1 MiB waits for them, and the server’s memory stays bounded', async () => {
    // The byte rates would slow the writer down; the cap on what waits must hold alone.
    t = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000' } });
    const { room, owner, members } = await roomWithMembers(t, 1);
    const watcher = client(t, members[0]!.token, room.id);
    const readers = Array.from({ length: 10 }, () => client(t!, owner.token, room.id));
    const writer = client(t, owner.token, room.id);
    await Promise.all([watcher, writer, ...readers].map((c) => c.synced()));
    // Each connection's caret tells the watcher it is there, and its going tells it is gone.
    for (const c of [writer, ...readers]) c.provider.setAwarenessField('user', owner.user);
    await until(() => othersSeen(watcher).length === 11, 'every caret to reach the watcher');

    for (const r of readers) wsOf(r)._socket.pause();
    const before = heldMb();
    let peak = before;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peak = {
        rss: Math.max(peak.rss, m.rss / MB),
        held: Math.max(peak.held, (m.heapUsed + m.external) / MB),
      };
    }, 50);

    // 900 KB in and out again, 25 times: 45 MB of updates, each relayed to every reader.
    const chunk = 'x'.repeat(900 * 1024);
    let seen = 0;
    watcher.doc.on('update', () => {
      seen += 1;
    });
    // The writer reads too: each of its large edits comes back to it.
    let echoed = 0;
    (writer.socket.webSocket as unknown as WebSocket).on('message', (data: Buffer) => {
      if (data.byteLength > 100 * 1024) echoed += 1;
    });
    const started = Date.now();
    let droppedAfter: number | undefined;
    try {
      for (let round = 0; round < 25; round++) {
        writer.type(chunk, 0);
        writer.doc.getText('notes').delete(0, chunk.length);
        // As fast as a reading member gets them, the writer included.
        await until(
          () => seen >= 2 * (round + 1) && echoed >= round + 1,
          `round ${round} to reach the watcher and come back to the writer`,
          10_000,
        );
        if (droppedAfter === undefined && othersSeen(watcher).length === 1) {
          droppedAfter = Date.now() - started;
        }
      }
      await until(() => othersSeen(watcher).length === 1, 'the readers to go', 5_000).catch(
        () => undefined,
      );
      if (othersSeen(watcher).length === 1) droppedAfter ??= Date.now() - started;
    } finally {
      clearInterval(sample);
    }
    const after = heldMb();
    // eslint-disable-next-line no-console
    console.info(
      `paused readers: dropped after ${droppedAfter} ms; MB before ${before.rss.toFixed(0)} rss / ` +
        `${before.held.toFixed(0)} held, peak ${peak.rss.toFixed(0)} / ${peak.held.toFixed(0)}, ` +
        `after ${after.rss.toFixed(0)} / ${after.held.toFixed(0)}`,
    );
    // Holding every relayed update for ten readers would take 450 MB; each reader may hold 1 MiB
    // plus the frame that passed it. The rest is the writer's own frames and the test's noise.
    expect(peak.held - before.held).toBeLessThan(120);
    expect(after.held - before.held).toBeLessThan(40);
    // Every reader is gone (only the writer's caret is left), soon.
    expect(othersSeen(watcher)).toHaveLength(1);
    expect(droppedAfter).toBeLessThan(10_000);
    // The writer and the watcher are untouched, and the watcher has every edit.
    expect(writer.closes).toEqual([]);
    expect(watcher.closes).toEqual([]);
    writer.type('done');
    await until(() => watcher.text() === 'done', 'the last edit to reach the watcher');
  }, 60_000);
});

describe('a writer as fast as it can', () => {
  it('is slowed to the byte rate, and loses nothing', async () => {
    t = await startTestApp();
    const { room, owner, members } = await roomWithMembers(t, 1);
    const watcher = client(t, members[0]!.token, room.id);
    const writer = client(t, owner.token, room.id);
    await Promise.all([watcher.synced(), writer.synced()]);
    let received = 0;
    watcher.doc.on('update', (update: Uint8Array) => {
      received += update.byteLength;
    });

    // Five edits of 900 KB in and out, sent at once: 4.5 MB (all there within a second without
    // the limit), then a last word.
    const chunk = 'y'.repeat(900 * 1024);
    const started = Date.now();
    for (let round = 0; round < 5; round++) {
      writer.type(chunk, 0);
      writer.doc.getText('notes').delete(0, chunk.length);
    }
    writer.type('last');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const seconds = (Date.now() - started) / 1000;
    const inTime = received;
    const { burst, perSecond } = ROOM_NOTES_LIMITS.bytes.connection;
    // What the server read is the burst, the refill and the one frame that ran into debt.
    expect(inTime).toBeLessThan(burst + perSecond * seconds + ROOM_NOTES_LIMITS.maxFrameBytes);
    expect(inTime).toBeGreaterThan(MB);
    await until(() => watcher.text() === 'last', 'every edit to arrive, in order', 30_000);
    // eslint-disable-next-line no-console
    console.info(
      `fast writer: ${(inTime / MB).toFixed(1)} MB read in ${seconds} s; all ` +
        `${(received / MB).toFixed(1)} MB after ${(Date.now() - started) / 1000} s`,
    );
    // Slowed, not cut off: the connection stays, and the rest arrives in order.
    expect(writer.closes).toEqual([]);
  }, 60_000);
});

describe('a document at its size limit', () => {
  it('refuses an update that would pass 5 MB: not applied, not relayed, not stored', async () => {
    t = await startTestApp({ env: { RATE_LIMIT_FACTOR: '1000' } });
    const { room, owner, members } = await roomWithMembers(t, 1);
    const writer = client(t, owner.token, room.id);
    const other = client(t, members[0]!.token, room.id);
    await Promise.all([writer.synced(), other.synced()]);
    const notices: string[] = [];
    writer.provider.on('stateless', ({ payload }: { payload: string }) => notices.push(payload));

    // Six pastes of 900 KB make 5.4 MB: the sixth would pass the limit.
    const paste = (n: number) => String(n).repeat(900 * 1024);
    for (let n = 1; n <= 5; n++) {
      writer.type(paste(n));
      await until(() => length(other) === n * 900 * 1024, `paste ${n} to reach the other`);
    }
    writer.type(paste(6));
    await until(() => notices.length > 0, 'the writer to be told');
    expect(parseRoomNotesNotice(notices[0]!)).toEqual({
      notice: 'too-large',
      limitBytes: ROOM_NOTES_LIMITS.maxDocumentBytes,
    });
    // A later small edit of the same writer builds on the refused one: refused too.
    writer.type('tail');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(other.text()).not.toContain('6');
    expect(other.text()).not.toContain('tail');
    expect(length(other)).toBe(5 * 900 * 1024);
    // Refused, not cut off: the writer's connection stays (its client starts again itself).
    expect(writer.closes).toEqual([]);

    // What is stored is under the limit and has none of the refused edit.
    // Stored two seconds after the last change.
    let stored: Uint8Array | null = null;
    await until(
      () => stored !== null && stored.byteLength > 5 * 900 * 1024,
      'the notes to be stored',
      10_000,
      async () => {
        stored = await t!.app.services.roomNotes.load(room.id);
      },
    );
    expect(stored!.byteLength).toBeLessThanOrEqual(ROOM_NOTES_LIMITS.maxDocumentBytes);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, stored!);
    expect(doc.getText('notes').length).toBe(5 * 900 * 1024);

    // A newcomer gets the document as stored, and removing something makes room again.
    const newcomer = client(t, members[0]!.token, room.id);
    await newcomer.synced();
    expect(length(newcomer)).toBe(5 * 900 * 1024);
    newcomer.doc.getText('notes').delete(0, 900 * 1024);
    newcomer.type(paste(7), 0);
    await until(
      () => length(other) === 5 * 900 * 1024 && other.text().startsWith('7'),
      'a paste as large as the refused one, after removing one',
    );
    expect(newcomer.closes).toEqual([]);
  }, 120_000);
});
