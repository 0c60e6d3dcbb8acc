import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_NOTE_MAX_BYTES, SYNC_MESSAGES } from '@studycircle/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { storedFiles, syncRecords } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { newUser, type TestUser } from '../../test/live.js';
import {
  SAMPLE_DATA,
  TOO_LARGE,
  del,
  downloadFile,
  fileBytes,
  pullAll,
  push,
  pushOk,
  put,
  recordId,
  uploadFile,
} from '../../test/sync.js';
import { ORPHAN_FILE_MS, SYNC_SERVER_MESSAGES } from './sync.service.js';

/**
 * A file note's bytes over real HTTP: only PDF, PNG and JPEG by their content (never by name or
 * claimed type), at most 256 KB, read back by their owner alone with headers that keep them from
 * ever running as a page of ours.
 */

let t: TestApp;
let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  a = await newUser(t);
  b = await newUser(t);
});
afterAll(async () => {
  await t?.close();
});

const note = (id: string, size: number, fileName = 'diagram.png') =>
  put('fileNote', id, { ...SAMPLE_DATA.fileNote, fileName, size });

describe('uploading a file', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['pdf', 'application/pdf'],
  ] as const)('stores a %s and names its type from the bytes', async (type, contentType) => {
    const id = recordId('f');
    const res = await uploadFile(t.baseUrl, a.token, id, fileBytes(type, 500));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id, contentType, size: 500 });
  });

  it.each([
    ['HTML renamed .png', Buffer.from('<!doctype html><script>alert(document.cookie)</script>')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
    ['an SVG with an XML prolog', Buffer.from('<?xml version="1.0"?><svg></svg>')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ['an empty body', Buffer.alloc(0)],
    ['a PNG signature cut short', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  ])('refuses %s with the product sentence', async (_label, bytes) => {
    const id = recordId('bad');
    const res = await uploadFile(t.baseUrl, a.token, id, bytes);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: SYNC_MESSAGES.fileRefused,
      error: SYNC_MESSAGES.fileRefused,
      code: 'VALIDATION_FAILED',
    });
    expect(await t.app.services.files.stat(a.user.id, id)).toBeUndefined();
  });

  it('accepts exactly 256 KB and refuses one byte more with 413 and the same sentence', async () => {
    const fits = await uploadFile(
      t.baseUrl,
      a.token,
      recordId(),
      fileBytes('jpeg', FILE_NOTE_MAX_BYTES),
    );
    expect(fits.status).toBe(201);
    const id = recordId('big');
    const over = await uploadFile(t.baseUrl, a.token, id, fileBytes('jpeg', TOO_LARGE));
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ message: SYNC_MESSAGES.fileRefused, code: 'BODY_TOO_LARGE' });
    expect(await t.app.services.files.stat(a.user.id, id)).toBeUndefined();
  });

  it('refuses a body sent as another media type (415) and without a token (401)', async () => {
    const wrongType = await uploadFile(
      t.baseUrl,
      a.token,
      recordId(),
      fileBytes('png'),
      'image/png',
    );
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const anonymous = await uploadFile(t.baseUrl, '', recordId(), fileBytes('png'));
    expect(anonymous.status).toBe(401);
  });

  it('refuses an id outside the client id rules', async () => {
    const res = await uploadFile(t.baseUrl, a.token, 'a b', fileBytes('png'));
    expect(res.status).toBe(400);
  });
});

describe('a file note and its bytes', () => {
  it('refuses a note whose file was not uploaded, applying nothing of that push', async () => {
    const { cursor } = await pullAll(t.baseUrl, a.token);
    const id = recordId('nofile');
    const res = await push(t.baseUrl, a.token, [put('task', recordId()), note(id, 64)]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: SYNC_SERVER_MESSAGES.fileMissing(id) });
    expect((await pullAll(t.baseUrl, a.token, cursor)).changes).toEqual([]);
  });

  it('refuses a note whose size differs from the uploaded file', async () => {
    const id = recordId('size');
    await uploadFile(t.baseUrl, a.token, id, fileBytes('png', 100));
    const res = await push(t.baseUrl, a.token, [note(id, 99)]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: SYNC_SERVER_MESSAGES.sizeMismatch(id) });
  });

  it("does not count another user's upload: B cannot push a note for A's file", async () => {
    const id = recordId('theirs');
    await uploadFile(t.baseUrl, a.token, id, fileBytes('png', 64));
    expect((await push(t.baseUrl, b.token, [note(id, 64)])).status).toBe(400);
  });

  it('serves the owner the bytes with the stored type and safe headers', async () => {
    const id = recordId('served');
    const bytes = fileBytes('png', 300);
    // The upload claims nothing about its type; the note's own fileType is not trusted either.
    await uploadFile(t.baseUrl, a.token, id, bytes);
    await pushOk(t.baseUrl, a.token, [
      put('fileNote', id, {
        ...SAMPLE_DATA.fileNote,
        fileName: 'Zellteilung "Mitose".png',
        fileType: 'text/html',
        size: 300,
      }),
    ]);
    const res = await downloadFile(t.baseUrl, a.token, id);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="Zellteilung _Mitose_.png"; filename*=UTF-8''Zellteilung%20%22Mitose%22.png`,
    );
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|; )sandbox(;|$)/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('serves a PDF inline, with no script allowed, under its name in UTF-8', async () => {
    const id = recordId('pdf');
    const bytes = fileBytes('pdf', 2000);
    await uploadFile(t.baseUrl, a.token, id, bytes);
    await pushOk(t.baseUrl, a.token, [
      put('fileNote', id, {
        ...SAMPLE_DATA.fileNote,
        fileName: 'Übung 1.pdf',
        fileType: 'application/pdf',
        size: 2000,
      }),
    ]);
    const res = await downloadFile(t.baseUrl, a.token, id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="_bung 1.pdf"; filename*=UTF-8''%C3%9Cbung%201.pdf`,
    );
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('names a file by the type of its bytes, with no hidden characters, stored and served', async () => {
    const cases = [
      // Shown as "reportlmth.png": a right-to-left override hides the real extension.
      { type: 'png', name: 'report\u202Egnp.html', stored: 'reportgnp.png' },
      { type: 'pdf', name: '....html', stored: '....pdf' },
      { type: 'pdf', name: 'slides\u2066.pdf\u2069.exe', stored: 'slides.pdf.pdf' },
      { type: 'jpeg', name: 'holiday.JPEG', stored: 'holiday.JPEG' },
      { type: 'jpeg', name: 'Week 3. Cells', stored: 'Week 3. Cells.jpg' },
      { type: 'png', name: '\u200F\u061C.png\u200E', stored: '.png' },
    ] as const;
    const { cursor } = await pullAll(t.baseUrl, a.token);
    for (const c of cases) {
      const id = recordId('named');
      const bytes = fileBytes(c.type, 100);
      await uploadFile(t.baseUrl, a.token, id, bytes);
      await pushOk(t.baseUrl, a.token, [
        put('fileNote', id, { ...SAMPLE_DATA.fileNote, fileName: c.name, size: 100 }),
      ]);
      const res = await downloadFile(t.baseUrl, a.token, id);
      expect(res.headers.get('content-disposition'), c.name).toBe(
        `inline; filename="${c.stored}"; filename*=UTF-8''${encodeURIComponent(c.stored)}`,
      );
    }
    const pulled = (await pullAll(t.baseUrl, a.token, cursor)).changes;
    expect(pulled.map((c) => (c.data as { fileName: string }).fileName)).toEqual(
      cases.map((c) => c.stored),
    );
    expect(pulled.map((c) => (c.data as { fileType: string }).fileType)).toEqual([
      'image/png',
      'application/pdf',
      'application/pdf',
      'image/jpeg',
      'image/jpeg',
      'image/png',
    ]);
  });

  it('cleans the name of a note stored before names were cleaned, on the way out', async () => {
    const id = recordId('legacy');
    await uploadFile(t.baseUrl, a.token, id, fileBytes('png', 64));
    await pushOk(t.baseUrl, a.token, [note(id, 64)]);
    await t.database.db
      .update(syncRecords)
      .set({ data: { ...SAMPLE_DATA.fileNote, fileName: 'cat\u202Egnp.html' } })
      .where(and(eq(syncRecords.ownerId, a.user.id), eq(syncRecords.id, id)));
    const res = await downloadFile(t.baseUrl, a.token, id);
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="catgnp.png"; filename*=UTF-8''catgnp.png`,
    );
  });

  it('answers 404 alike to another user, to nobody, and for an unknown id', async () => {
    const id = recordId('private');
    await uploadFile(t.baseUrl, a.token, id, fileBytes('jpeg', 64));
    await pushOk(t.baseUrl, a.token, [note(id, 64)]);
    expect((await downloadFile(t.baseUrl, a.token, id)).status).toBe(200);
    const other = await downloadFile(t.baseUrl, b.token, id);
    expect(other.status).toBe(404);
    expect(JSON.parse(other.bytes.toString())).toMatchObject({
      message: SYNC_MESSAGES.fileNotFound,
    });
    const unknown = await downloadFile(t.baseUrl, b.token, recordId('nothing'));
    expect(unknown.status).toBe(404);
    expect(unknown.bytes.toString()).toBe(other.bytes.toString());
    expect((await downloadFile(t.baseUrl, undefined, id)).status).toBe(401);
  });

  it('answers 404 for bytes uploaded but never pushed as a note', async () => {
    const id = recordId('orphan');
    await uploadFile(t.baseUrl, a.token, id, fileBytes('png', 64));
    expect((await downloadFile(t.baseUrl, a.token, id)).status).toBe(404);
  });

  it('uploads no note uses are removed a day after they were stored; used ones stay', async () => {
    const orphan = recordId('orphan');
    const used = recordId('used');
    const fresh = recordId('fresh');
    const deletedNote = recordId('gone');
    for (const id of [orphan, used, fresh, deletedNote]) {
      await uploadFile(t.baseUrl, a.token, id, fileBytes('png', 64));
    }
    await pushOk(t.baseUrl, a.token, [note(used, 64), note(deletedNote, 64)]);
    // The note's delete kept its bytes here (as a failed delete of the bytes would).
    await t.database.db
      .update(syncRecords)
      .set({ deleted: true, data: null })
      .where(and(eq(syncRecords.ownerId, a.user.id), eq(syncRecords.id, deletedNote)));
    const dayAgo = new Date(Date.now() - ORPHAN_FILE_MS - 60_000);
    await t.database.db
      .update(storedFiles)
      .set({ createdAt: dayAgo })
      .where(
        and(
          eq(storedFiles.ownerId, a.user.id),
          inArray(storedFiles.id, [orphan, used, deletedNote]),
        ),
      );
    const stored = async (id: string) =>
      (await t.app.services.files.stat(a.user.id, id)) !== undefined;

    expect(await t.app.services.sync.collectOrphanFiles()).toBe(2);
    expect(await stored(orphan)).toBe(false);
    expect(await stored(deletedNote)).toBe(false);
    expect(await stored(used)).toBe(true);
    expect(await stored(fresh)).toBe(true);
    expect((await downloadFile(t.baseUrl, a.token, used)).status).toBe(200);
    // A day later the fresh one goes too (with the other tests' unused uploads).
    expect(
      await t.app.services.sync.collectOrphanFiles(new Date(Date.now() + ORPHAN_FILE_MS + 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await stored(fresh)).toBe(false);
    expect(await stored(used)).toBe(true);
  });

  it('deleting the note deletes its bytes; re-uploading for a deleted note is refused', async () => {
    const id = recordId('del');
    await uploadFile(t.baseUrl, a.token, id, fileBytes('png', 64));
    await pushOk(t.baseUrl, a.token, [note(id, 64)]);
    await pushOk(t.baseUrl, a.token, [del('fileNote', id)]);
    expect(await t.app.services.files.stat(a.user.id, id)).toBeUndefined();
    expect((await downloadFile(t.baseUrl, a.token, id)).status).toBe(404);

    const again = await uploadFile(t.baseUrl, a.token, id, fileBytes('png', 64));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'CONFLICT',
      message: SYNC_SERVER_MESSAGES.fileOfDeletedNote,
    });
    // A stale device's put of the deleted note needs no bytes: it is ignored, not refused.
    const [stale] = await pushOk(t.baseUrl, a.token, [note(id, 64)]);
    expect(stale!.status).toBe('ignored');
  });

  it('a retried upload replaces the bytes; the replayed note push stays one version', async () => {
    const id = recordId('retry');
    await uploadFile(t.baseUrl, a.token, id, fileBytes('png', 64));
    expect((await uploadFile(t.baseUrl, a.token, id, fileBytes('jpeg', 80))).status).toBe(201);
    const m = note(id, 80);
    const [first] = await pushOk(t.baseUrl, a.token, [m]);
    const [again] = await pushOk(t.baseUrl, a.token, [m]);
    expect(again).toEqual({
      mutationId: m.mutationId,
      status: 'duplicate',
      version: first!.version,
    });
    const res = await downloadFile(t.baseUrl, a.token, id);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.bytes.length).toBe(80);
  });
});
