import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createThrowawayDatabase,
  freePort,
  startServer as startRealServer,
} from '@studycircle/test-kit';
import type { Room } from '@studycircle/shared';
import { http, registerUser, startTestApp, type TestApp } from '../../test/app.js';
import { roomWithMembers } from '../../test/live.js';
import { openNotes, until, type NotesClient } from '../../test/notes.js';

/**
 * "Saved" means stored (docs/decisions/0069-room-notes-saved-means-stored.md): an editor is told
 * a change is saved only once it is in the database, so the server killed right after the last
 * confirmation, with no editor left to send it again, loses nothing. Runs on PGlite, or on
 * PostgreSQL when DATABASE_URL is set.
 */

/** Types `count` words one edit at a time, and resolves once the server has confirmed them all. */
async function typeConfirmed(client: NotesClient, count: number, prefix: string) {
  for (let i = 0; i < count; i++) client.type(`${prefix}${i} `);
  await until(() => !client.provider.hasUnsyncedChanges, 'every edit to be confirmed', 20_000);
}

const words = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe('the server killed right after the notes said saved', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sc-notes-kill-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  let child: ChildProcess | undefined;
  const clients: NotesClient[] = [];

  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    if (url) {
      const database = await createThrowawayDatabase({ prefix: 'sc_notes_kill', adminUrl: url });
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
  });
  afterAll(async () => {
    for (const c of clients) c.destroy();
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every confirmed edit after SIGKILL, with the writer gone and a reader still open', async () => {
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'notes-kill-secret-0123456789abcdefghij',
    };
    const start = async () =>
      (await startRealServer({ port, env, timeoutMs: 150_000 })).process.child;
    const baseUrl = `http://127.0.0.1:${port}`;
    child = await start();
    const owner = await registerUser(baseUrl);
    const created = await http<{ room: Room }>(baseUrl, 'POST', '/api/rooms', {
      token: owner.token,
      body: { name: 'Notes crash room', subject: 'Durability' },
    });
    const roomId = created.body.room.id;

    // A second tab keeps the document open, so closing the writer's does not store it.
    const reader = openNotes(baseUrl, owner.token, roomId);
    const writer = openNotes(baseUrl, owner.token, roomId);
    clients.push(reader, writer);
    await Promise.all([reader.synced(), writer.synced()]);
    await typeConfirmed(writer, 100, 'w');
    writer.destroy();
    // Within a few milliseconds of the last "saved": the document's own store waits two seconds.
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    reader.destroy();

    child = await start();
    const after = openNotes(baseUrl, owner.token, roomId);
    clients.push(after);
    await after.synced();
    const stored = after.text().trim().split(' ');
    expect(stored).toEqual(words(100, 'w'));
    child.kill('SIGKILL');
  }, 360_000);
});

describe('an edit the database has not taken', () => {
  let t: TestApp;
  const clients: NotesClient[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterEach(async () => {
    await t.database.db.execute(
      sql.raw('drop trigger if exists refuse_note_updates on room_note_updates'),
    );
    await t.database.db.execute(sql.raw('drop function if exists refuse_note_updates()'));
  });
  afterAll(async () => {
    for (const c of clients) c.destroy();
    await t?.close();
  });

  it('stays "saving" while the database refuses it, and is saved once it is written', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const writer = openNotes(t.baseUrl, owner.token, room.id);
    const other = openNotes(t.baseUrl, members[0]!.token, room.id);
    clients.push(writer, other);
    await Promise.all([writer.synced(), other.synced()]);
    await typeConfirmed(writer, 3, 'before');

    await t.database.db.execute(
      sql.raw(`create function refuse_note_updates() returns trigger language plpgsql as $$
        begin raise exception 'the disk is full'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger refuse_note_updates before insert on room_note_updates
        for each row execute function refuse_note_updates()`),
    );
    writer.type('unsaved');
    // The edit is live for the others at once; only its "saved" waits for the database.
    await until(() => other.text().endsWith('unsaved'), 'the edit to reach the other member');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(writer.provider.hasUnsyncedChanges).toBe(true);

    await t.database.db.execute(sql.raw('drop trigger refuse_note_updates on room_note_updates'));
    await until(() => !writer.provider.hasUnsyncedChanges, 'the edit to be saved', 15_000);
    expect(writer.closes).toEqual([]);
  }, 60_000);

  it('folds the logged changes into the stored notes once the document is stored', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const writer = openNotes(t.baseUrl, owner.token, room.id);
    clients.push(writer);
    await writer.synced();
    await typeConfirmed(writer, 20, 'f');
    const count = async (table: string) => {
      const res = await t.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where room_id = ${room.id}`,
      );
      return Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
    };
    expect(await count('room_note_updates')).toBeGreaterThan(0);
    // The last editor leaving stores the document at once.
    writer.destroy();
    let logged = -1;
    await until(
      () => logged === 0,
      'the log to be folded in',
      10_000,
      async () => void (logged = await count('room_note_updates')),
    );
    expect(await count('room_notes')).toBe(1);
    const again = openNotes(t.baseUrl, owner.token, room.id);
    clients.push(again);
    await again.synced();
    expect(again.text().trim().split(' ')).toEqual(words(20, 'f'));
  }, 60_000);
});
