import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROOM_FILE_MESSAGES,
  RoomFileListResponseSchema,
  RoomFileResponseSchema,
  type RoomFile,
} from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import {
  connected,
  next,
  record,
  roomWithMembers,
  settle,
  type TestUser,
} from '../../test/live.js';

/**
 * Room files over real HTTP on PGlite (and PostgreSQL with DATABASE_URL), decision 0074: a
 * 20 MB PDF goes up and comes back byte for byte to members only, with its type; a file past
 * 25 MB, a program renamed .pdf, a client that goes away mid-upload and a full quota leave
 * nothing on disk or in the table; Office, OpenDocument, PNG and text files are told apart by
 * their bytes; members with the room open hear `workspace-changed`.
 */

const MB = 1024 * 1024;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A PDF of `size` bytes: the header, then padding. */
function pdf(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  // Something that changes along the file, so a byte out of place would show.
  for (let i = 4096; i < size; i += 4096) bytes.writeUInt32LE(i, i - 4);
  return bytes;
}

/** A ZIP of stored entries (local headers only: what the type check reads). */
function zip(entries: { name: string; data: string }[]): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data } of entries) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(Buffer.byteLength(data), 18);
    header.writeUInt32LE(Buffer.byteLength(data), 22);
    header.writeUInt16LE(Buffer.byteLength(name), 26);
    parts.push(header, Buffer.from(name), Buffer.from(data));
  }
  return Buffer.concat(parts);
}

function upload(
  user: TestUser,
  roomId: string,
  name: string,
  bytes: Buffer | ReadableStream<Uint8Array>,
) {
  return fetch(`${t.baseUrl}/api/rooms/${roomId}/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/octet-stream',
    },
    body: bytes,
    duplex: 'half',
  } as RequestInit);
}

async function uploaded(user: TestUser, roomId: string, name: string, bytes: Buffer) {
  const res = await upload(user, roomId, name, bytes);
  expect(res.status).toBe(201);
  return RoomFileResponseSchema.parse(await res.json()).file;
}

async function list(user: TestUser, roomId: string): Promise<RoomFile[]> {
  const res = await http(t.baseUrl, 'GET', `/api/rooms/${roomId}/files`, { token: user.token });
  expect(res.status).toBe(200);
  return RoomFileListResponseSchema.parse(res.body).files;
}

function download(user: TestUser, roomId: string, fileId: string, headers = {}) {
  return fetch(`${t.baseUrl}/api/rooms/${roomId}/files/${fileId}`, {
    headers: { authorization: `Bearer ${user.token}`, ...headers },
  });
}

/** Every file in a folder of the blob store (uploads under way included). */
function filesOnDisk(app: TestApp, roomId?: string): string[] {
  const root = app.app.services.roomFileBlobs.root;
  const walk = (dir: string): string[] => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    return entries.flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  };
  const all = walk(root);
  return roomId ? all.filter((p) => p.includes(roomId) || p.includes('.partial')) : all;
}

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('room files', () => {
  it('takes a 20 MB PDF from a member and gives it back whole, as application/pdf, to members only', async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const member = members[0]!;
    const outsider = (await roomWithMembers(t, 0)).owner;
    const bytes = pdf(20 * MB);
    const watcher = await connected(t.baseUrl, owner.token);
    const outsiderSocket = await connected(t.baseUrl, outsider.token);
    expect(await watcher.emitWithAck('join-chat', { roomId: room.id })).toMatchObject({ ok: true });
    const seenByOutsider = record(outsiderSocket, 'workspace-changed');
    try {
      const change = next(watcher, 'workspace-changed');
      const file = await uploaded(member, room.id, 'Lecture 3 slides.pdf', bytes);
      expect(file).toMatchObject({
        fileName: 'Lecture 3 slides.pdf',
        fileType: 'application/pdf',
        size: 20 * MB,
        sharedBy: { id: member.user.id, name: member.user.name },
      });
      expect(await change).toEqual({ roomId: room.id });
      await settle([outsiderSocket]);
      expect(seenByOutsider).toEqual([]);

      expect(await list(owner, room.id)).toEqual([file]);
      const res = await download(owner, room.id, file.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="Lecture 3 slides.pdf"/,
      );
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

      // A part of it, for a viewer that seeks.
      const part = await download(member, room.id, file.id, { range: 'bytes=100-199' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-199/${20 * MB}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);

      // Someone outside the room learns nothing: not the list, not the bytes, not a removal.
      expect(
        (await http(t.baseUrl, 'GET', `/api/rooms/${room.id}/files`, { token: outsider.token }))
          .status,
      ).toBe(403);
      const refused = await download(outsider, room.id, file.id);
      expect([403, 404]).toContain(refused.status);
      expect(await refused.text()).not.toContain('%PDF');
      expect(
        (
          await http(t.baseUrl, 'DELETE', `/api/rooms/${room.id}/files/${file.id}`, {
            token: outsider.token,
          })
        ).status,
      ).toBe(403);
      expect((await fetch(`${t.baseUrl}/api/rooms/${room.id}/files/${file.id}`)).status).toBe(401);
    } finally {
      watcher.disconnect();
      outsiderSocket.disconnect();
    }
  });

  it('refuses a 30 MB file with 413 and its message, and keeps nothing', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const declared = await upload(owner, room.id, 'big.pdf', pdf(30 * MB));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ message: ROOM_FILE_MESSAGES.tooLarge });

    // Without a declared length it is stopped at the first byte past 25 MB.
    const big = pdf(30 * MB);
    const streamed = await upload(
      owner,
      room.id,
      'big.pdf',
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < big.length; i += MB) controller.enqueue(big.subarray(i, i + MB));
          controller.close();
        },
      }),
    );
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ message: ROOM_FILE_MESSAGES.tooLarge });
    expect(await list(owner, room.id)).toEqual([]);
    await until(() => filesOnDisk(t, room.id).length === 0);
  });

  it('refuses a program renamed .pdf with 415 naming the types it takes', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const exe = Buffer.alloc(200 * 1024);
    exe.write('MZ\x90\x00', 0, 'latin1');
    const res = await upload(owner, room.id, 'notes.pdf', exe);
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ message: ROOM_FILE_MESSAGES.typeRefused });
    expect(await list(owner, room.id)).toEqual([]);
    expect(filesOnDisk(t, room.id)).toEqual([]);
  });

  it('tells Word, OpenDocument, PNG and text files apart by their bytes', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const docx = zip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: '_rels/.rels', data: '<Relationships/>' },
      { name: 'word/document.xml', data: '<w:document/>' },
    ]);
    const odt = zip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text' },
      { name: 'content.xml', data: '<office:document-content/>' },
    ]);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100, 1),
    ]);
    const text = Buffer.from('Revision list — week 3\nÉtude: ∫ f(x) dx\n'.repeat(3000));
    const cases: [string, Buffer, string][] = [
      [
        'essay.docx',
        docx,
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['essay.odt', odt, 'application/vnd.oasis.opendocument.text'],
      // The name's extension is not what decides.
      ['diagram.jpg', png, 'image/png'],
      ['revision.txt', text, 'text/plain'],
    ];
    for (const [name, bytes, type] of cases) {
      const file = await uploaded(owner, room.id, name, bytes);
      expect(file.fileType).toBe(type);
      const res = await download(owner, room.id, file.id);
      expect(res.headers.get('content-type')).toContain(type);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // A plain ZIP is none of them.
    const plainZip = zip([{ name: 'a.txt', data: 'a' }]);
    expect((await upload(owner, room.id, 'a.zip', plainZip)).status).toBe(415);
  });

  it('keeps nothing of an upload whose client went away mid-way', async () => {
    const { room, owner } = await roomWithMembers(t, 0);
    const url = new URL(`${t.baseUrl}/api/rooms/${room.id}/files?name=half.pdf`);
    const req = httpRequest(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/octet-stream',
        'content-length': String(10 * MB),
      },
    });
    req.on('error', () => undefined);
    req.write(pdf(2 * MB));
    // Half-written in the store's folder for uploads under way, then the client leaves.
    await until(() => filesOnDisk(t, room.id).length > 0);
    req.destroy();
    await until(() => filesOnDisk(t, room.id).length === 0);
    expect(await list(owner, room.id)).toEqual([]);
  });

  it('lets the uploader, the owner or an admin remove a file; not another member', async () => {
    const { room, owner, members } = await roomWithMembers(t, 2);
    const [sharer, other] = members as [TestUser, TestUser];
    const file = await uploaded(sharer, room.id, 'a.pdf', pdf(1000));
    const remove = (user: TestUser) =>
      http(t.baseUrl, 'DELETE', `/api/rooms/${room.id}/files/${file.id}`, { token: user.token });
    const refused = await remove(other);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: ROOM_FILE_MESSAGES.deleteForbidden });
    expect((await remove(owner)).status).toBe(200);
    expect(await list(sharer, room.id)).toEqual([]);
    expect((await download(sharer, room.id, file.id)).status).toBe(404);
    expect(filesOnDisk(t, room.id)).toEqual([]);
  });

  it("takes a deleted room's files, and a deleted account's, off the disk", async () => {
    const { room, owner, members } = await roomWithMembers(t, 1);
    const member = members[0]!;
    await uploaded(owner, room.id, 'a.pdf', pdf(1000));
    const theirs = await uploaded(member, room.id, 'b.pdf', pdf(1000));
    expect(filesOnDisk(t, room.id)).toHaveLength(2);

    const deleted = await http(t.baseUrl, 'DELETE', '/api/auth/account', {
      token: member.token,
      body: { password: 'Secret123' },
    });
    expect(deleted.status).toBe(200);
    expect((await list(owner, room.id)).map((f) => f.id)).not.toContain(theirs.id);
    await until(() => filesOnDisk(t, room.id).length === 1);

    expect(
      (await http(t.baseUrl, 'DELETE', `/api/rooms/${room.id}`, { token: owner.token })).status,
    ).toBe(200);
    await until(() => filesOnDisk(t, room.id).length === 0);
  });
});

describe('room file quotas', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({
      appOptions: { roomFileLimits: { roomQuotaBytes: 3 * MB, accountQuotaBytes: 4 * MB } },
    });
  });
  afterAll(async () => {
    await small?.close();
  });

  it("refuses with 413 what would pass the room's or the account's quota", async () => {
    const saved = t;
    t = small;
    try {
      const { room, owner, members } = await roomWithMembers(t, 1);
      await uploaded(owner, room.id, 'a.pdf', pdf(2 * MB));
      const full = await upload(members[0]!, room.id, 'b.pdf', pdf(2 * MB));
      expect(full.status).toBe(413);
      expect(await full.json()).toMatchObject({ message: ROOM_FILE_MESSAGES.roomQuota });

      // The owner has 2 MB in this room; 2.5 MB more elsewhere passes the account's 4 MB.
      const other = (await roomWithMembers(t, 0)).room;
      await http(t.baseUrl, 'POST', '/api/rooms/join', {
        token: owner.token,
        body: { code: other.code },
      });
      const mine = await upload(owner, other.id, 'c.pdf', pdf(2.5 * MB));
      expect(mine.status).toBe(413);
      expect(await mine.json()).toMatchObject({ message: ROOM_FILE_MESSAGES.accountQuota });
      expect(await list(owner, other.id)).toEqual([]);
      expect(filesOnDisk(t, other.id)).toEqual([]);
    } finally {
      t = saved;
    }
  });
});
