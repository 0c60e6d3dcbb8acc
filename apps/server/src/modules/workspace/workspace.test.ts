import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROOM_MESSAGES,
  WORKSPACE_MESSAGES,
  WorkspaceItemResponseSchema,
  WorkspaceListResponseSchema,
  type Room,
  type WorkspaceItem,
  type WorkspaceKind,
} from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import {
  connected,
  newUser,
  next,
  record,
  roomWithMembers,
  settle,
  type LiveClient,
  type TestUser,
} from '../../test/live.js';
import { SAMPLE_DATA, del, fileBytes, pushOk, put, recordId, uploadFile } from '../../test/sync.js';

/**
 * The room workspace over real HTTP and Socket.IO on PGlite (and PostgreSQL with DATABASE_URL):
 * the sharing matrix (owner, admin, member, former member, non-member, signed out) for the list,
 * sharing, unsharing and file downloads; only one's own live records can be shared; a deleted or
 * edited record shows at once; `workspace-changed` reaches members only; leaving or being removed
 * ends access at the next request.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Cast {
  room: Room;
  owner: TestUser;
  admin: TestUser;
  member: TestUser;
  /** Joined, shared nothing, left. */
  former: TestUser;
  outsider: TestUser;
}

/** A room with one of each: owner, admin, member, former member; and someone outside it. */
async function cast(): Promise<Cast> {
  const { room, owner, members } = await roomWithMembers(t, 3);
  const [admin, member, former] = members as [TestUser, TestUser, TestUser];
  const promoted = await http(
    t.baseUrl,
    'PATCH',
    `/api/rooms/${room.id}/members/${admin.user.id}`,
    {
      token: owner.token,
      body: { role: 'admin' },
    },
  );
  expect(promoted.status).toBe(200);
  const left = await http(t.baseUrl, 'POST', `/api/rooms/${room.id}/leave`, {
    token: former.token,
  });
  expect(left.status).toBe(200);
  return { room, owner, admin, member, former, outsider: await newUser(t) };
}

/** Stores one of the user's records of `kind` through the sync API; returns its id. */
async function ownRecord(user: TestUser, kind: WorkspaceKind, data?: object): Promise<string> {
  const id = recordId(kind);
  if (kind === 'fileNote') {
    const uploaded = await uploadFile(t.baseUrl, user.token, id, fileBytes('png', 64));
    expect(uploaded.status).toBe(201);
  }
  await pushOk(t.baseUrl, user.token, [put(kind, id, data)]);
  return id;
}

const workspaceUrl = (roomId: string) => `/api/rooms/${roomId}/workspace`;

function share(user: TestUser | undefined, roomId: string, body: unknown) {
  return http(t.baseUrl, 'POST', workspaceUrl(roomId), { token: user?.token, body });
}

/** Shares a new record of the user's and returns the share. */
async function shared(user: TestUser, roomId: string, kind: WorkspaceKind = 'textNote') {
  const id = await ownRecord(user, kind);
  const res = await share(user, roomId, { kind, id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return WorkspaceItemResponseSchema.parse(res.body).item;
}

async function list(user: TestUser | undefined, roomId: string) {
  return http(t.baseUrl, 'GET', workspaceUrl(roomId), { token: user?.token });
}

async function items(user: TestUser, roomId: string): Promise<WorkspaceItem[]> {
  const res = await list(user, roomId);
  expect(res.status).toBe(200);
  return WorkspaceListResponseSchema.parse(res.body).items;
}

function unshare(user: TestUser | undefined, roomId: string, shareId: string) {
  return http(t.baseUrl, 'DELETE', `${workspaceUrl(roomId)}/${shareId}`, { token: user?.token });
}

function download(user: TestUser | undefined, roomId: string, shareId: string) {
  return fetch(`${t.baseUrl}${workspaceUrl(roomId)}/${shareId}/file`, {
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });
}

async function chatSocket(user: TestUser, roomId: string): Promise<LiveClient> {
  const socket = await connected(t.baseUrl, user.token);
  const joined = await socket.emitWithAck('join-chat', { roomId });
  expect(joined).toMatchObject({ ok: true });
  return socket;
}

describe('the sharing matrix', () => {
  it('lists for the owner, admins and members; refuses a former member, a non-member, the signed out', async () => {
    const c = await cast();
    const item = await shared(c.member, c.room.id);
    for (const who of [c.owner, c.admin, c.member]) {
      expect((await items(who, c.room.id)).map((i) => i.id)).toEqual([item.id]);
    }
    for (const who of [c.former, c.outsider]) {
      const res = await list(who, c.room.id);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: ROOM_MESSAGES.membersOnly });
    }
    expect((await list(undefined, c.room.id)).status).toBe(401);
    expect((await list(c.member, 'f'.repeat(24))).status).toBe(404);
    expect((await list(c.member, 'not-a-room')).status).toBe(404);
  });

  it('a list item carries the record as it is now, who shared it and when', async () => {
    const c = await cast();
    const before = Date.now();
    const note = await shared(c.member, c.room.id, 'textNote');
    const link = await shared(c.admin, c.room.id, 'resource');
    const list = await items(c.owner, c.room.id);
    // Newest first.
    expect(list.map((i) => i.id)).toEqual([link.id, note.id]);
    expect(list[1]).toEqual({
      id: note.id,
      roomId: c.room.id,
      kind: 'textNote',
      recordId: note.recordId,
      sharedBy: { id: c.member.user.id, name: c.member.user.name },
      sharedAt: expect.any(String),
      data: {
        title: SAMPLE_DATA.textNote.title,
        text: SAMPLE_DATA.textNote.text,
        uploadedAt: SAMPLE_DATA.textNote.uploadedAt,
      },
    });
    expect(Date.parse(list[1]!.sharedAt)).toBeGreaterThanOrEqual(before - 1000);
    // The owner's private fields (author, room, by, uploadedAt ms) stay out of the room's view.
    expect(list[0]!.data).toEqual({
      title: SAMPLE_DATA.resource.title,
      link: SAMPLE_DATA.resource.link,
      type: SAMPLE_DATA.resource.type,
      tags: SAMPLE_DATA.resource.tags,
    });
  });

  it('lets every member share their own records; refuses a former member, a non-member, the signed out', async () => {
    const c = await cast();
    for (const who of [c.owner, c.admin, c.member]) await shared(who, c.room.id, 'fileNote');
    for (const who of [c.former, c.outsider]) {
      const id = await ownRecord(who, 'textNote');
      const res = await share(who, c.room.id, { kind: 'textNote', id });
      expect(res.status).toBe(403);
    }
    const id = await ownRecord(c.member, 'textNote');
    expect((await share(undefined, c.room.id, { kind: 'textNote', id })).status).toBe(401);
    expect(await items(c.member, c.room.id)).toHaveLength(3);
  });

  it('unshare: the sharer, the owner and an admin may; another member, a former member, a non-member and the signed out may not', async () => {
    const c = await cast();
    const item = await shared(c.member, c.room.id);
    const other = await newUser(t);
    const joined = await http(t.baseUrl, 'POST', '/api/rooms/join', {
      token: other.token,
      body: { code: c.room.code },
    });
    expect(joined.status).toBe(200);
    for (const who of [other, c.former, c.outsider]) {
      const res = await unshare(who, c.room.id, item.id);
      expect(res.status).toBe(403);
    }
    expect((await unshare(other, c.room.id, item.id)).body).toMatchObject({
      message: WORKSPACE_MESSAGES.unshareForbidden,
    });
    expect((await unshare(undefined, c.room.id, item.id)).status).toBe(401);
    expect(await items(c.member, c.room.id)).toHaveLength(1);

    for (const who of [c.member, c.owner, c.admin]) {
      const mine = await shared(c.member, c.room.id);
      const res = await unshare(who, c.room.id, mine.id);
      expect(res.status).toBe(200);
      expect((await items(c.member, c.room.id)).map((i) => i.id)).not.toContain(mine.id);
    }
    // Gone already, or never one: 404 with a sentence.
    const again = await unshare(c.owner, c.room.id, 'a'.repeat(24));
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: WORKSPACE_MESSAGES.shareNotFound });
    expect((await unshare(c.owner, c.room.id, 'nope')).status).toBe(404);
  });

  it('file download: members get the bytes under safe headers; nobody else does', async () => {
    const c = await cast();
    const id = recordId('fileNote');
    // The note's record claims HTML: the bytes are a PNG, and the stored type decides.
    const bytes = fileBytes('png', 64);
    expect((await uploadFile(t.baseUrl, c.member.token, id, bytes)).status).toBe(201);
    await pushOk(t.baseUrl, c.member.token, [
      put('fileNote', id, {
        ...SAMPLE_DATA.fileNote,
        fileName: 'board "photo".png',
        fileType: 'text/html',
      }),
    ]);
    const res = await share(c.member, c.room.id, { kind: 'fileNote', id });
    expect(res.status).toBe(201);
    const item = WorkspaceItemResponseSchema.parse(res.body).item;

    for (const who of [c.owner, c.admin, c.member]) {
      const file = await download(who, c.room.id, item.id);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('content-disposition')).toMatch(
        /^inline; filename="board _photo_.png"/,
      );
      expect(file.headers.get('content-security-policy')).toMatch(/sandbox/);
      expect(file.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(file.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    }
    for (const who of [c.former, c.outsider]) {
      const file = await download(who, c.room.id, item.id);
      expect(file.status).toBe(403);
      expect(file.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect((await download(undefined, c.room.id, item.id)).status).toBe(401);
  });

  it('a PDF opens inline; a note that is not a file has no download', async () => {
    const c = await cast();
    const id = recordId('fileNote');
    const bytes = fileBytes('pdf', 200);
    expect((await uploadFile(t.baseUrl, c.member.token, id, bytes)).status).toBe(201);
    await pushOk(t.baseUrl, c.member.token, [
      // A PDF named as a page, with a right-to-left override: listed and served as a PDF.
      put('fileNote', id, {
        ...SAMPLE_DATA.fileNote,
        fileName: 'paper\u202Efdp.html',
        size: 200,
      }),
    ]);
    const pdf = WorkspaceItemResponseSchema.parse(
      (await share(c.member, c.room.id, { kind: 'fileNote', id })).body,
    ).item;
    expect(pdf.data).toMatchObject({ fileName: 'paperfdp.pdf', fileType: 'application/pdf' });
    const file = await download(c.owner, c.room.id, pdf.id);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `inline; filename="paperfdp.pdf"; filename*=UTF-8''paperfdp.pdf`,
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');

    const note = await shared(c.member, c.room.id, 'textNote');
    const res = await download(c.owner, c.room.id, note.id);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: WORKSPACE_MESSAGES.notAFile });
  });

  it('a share of one room cannot be read or removed through another room', async () => {
    const c = await cast();
    const item = await shared(c.member, c.room.id, 'fileNote');
    const elsewhere = await roomWithMembers(t, 0);
    expect((await download(elsewhere.owner, elsewhere.room.id, item.id)).status).toBe(404);
    expect((await unshare(elsewhere.owner, elsewhere.room.id, item.id)).status).toBe(404);
    expect(await items(c.member, c.room.id)).toHaveLength(1);
  });
});

describe('what may be shared', () => {
  it('only the sharer’s own record: another student’s id reads as unknown', async () => {
    const c = await cast();
    const theirs = await ownRecord(c.outsider, 'textNote');
    const res = await share(c.member, c.room.id, { kind: 'textNote', id: theirs });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'NOT_FOUND',
      message: WORKSPACE_MESSAGES.recordNotFound,
    });
    // Nor the owner's record of the same id under another kind.
    const mine = await ownRecord(c.member, 'resource');
    expect((await share(c.member, c.room.id, { kind: 'textNote', id: mine })).status).toBe(404);
    expect(await items(c.owner, c.room.id)).toEqual([]);
  });

  it('not a deleted record, nor one never synced', async () => {
    const c = await cast();
    const id = await ownRecord(c.member, 'textNote');
    await pushOk(t.baseUrl, c.member.token, [del('textNote', id)]);
    expect((await share(c.member, c.room.id, { kind: 'textNote', id })).status).toBe(404);
    expect((await share(c.member, c.room.id, { kind: 'textNote', id: 'note-404' })).status).toBe(
      404,
    );
  });

  it('not a task, nor a body that breaks the schema', async () => {
    const c = await cast();
    const task = await ownRecord(c.member, 'task' as WorkspaceKind);
    for (const [body, message] of [
      [{ kind: 'task', id: task }, WORKSPACE_MESSAGES.kindInvalid],
      [{ kind: 'textNote' }, WORKSPACE_MESSAGES.idInvalid],
      [{ kind: 'textNote', id: 'has space' }, WORKSPACE_MESSAGES.idInvalid],
      [{ kind: 'textNote', id: 'x', extra: 1 }, 'Unknown field: extra'],
      ['text', 'The request body must be a JSON object.'],
    ] as const) {
      const res = await share(c.member, c.room.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('sharing the same record again answers the share it has, once', async () => {
    const c = await cast();
    const first = await shared(c.member, c.room.id);
    const again = await share(c.member, c.room.id, { kind: 'textNote', id: first.recordId });
    expect(again.status).toBe(200);
    expect(WorkspaceItemResponseSchema.parse(again.body).item.id).toBe(first.id);
    expect(await items(c.owner, c.room.id)).toHaveLength(1);
  });
});

describe('a shared record is the live record', () => {
  it('an edit shows at once; a delete takes it out of the list and its file with it', async () => {
    const c = await cast();
    const note = await shared(c.member, c.room.id, 'textNote');
    const file = await shared(c.member, c.room.id, 'fileNote');
    await pushOk(t.baseUrl, c.member.token, [
      put('textNote', note.recordId, { ...SAMPLE_DATA.textNote, text: 'Edited after sharing.' }),
    ]);
    const edited = (await items(c.owner, c.room.id)).find((i) => i.id === note.id);
    expect(edited?.data).toMatchObject({ text: 'Edited after sharing.' });

    await pushOk(t.baseUrl, c.member.token, [
      del('textNote', note.recordId),
      del('fileNote', file.recordId),
    ]);
    expect(await items(c.owner, c.room.id)).toEqual([]);
    expect((await download(c.owner, c.room.id, file.id)).status).toBe(404);
    // A stale device's put cannot bring it back (a tombstone), so neither comes the share.
    await pushOk(t.baseUrl, c.member.token, [put('textNote', note.recordId)]);
    expect(await items(c.owner, c.room.id)).toEqual([]);
  });
});

describe('live: workspace-changed', () => {
  it('reaches members with the room open on a share, an edit, a delete and an unshare; never a non-member', async () => {
    const c = await cast();
    const watcher = await chatSocket(c.owner, c.room.id);
    const outsider = await connected(t.baseUrl, c.outsider.token);
    // An outsider cannot subscribe to the room's channel at all.
    expect(await outsider.emitWithAck('join-chat', { roomId: c.room.id })).toMatchObject({
      ok: false,
    });
    const seenByOutsider = record(outsider, 'workspace-changed');
    try {
      let change = next(watcher, 'workspace-changed');
      const item = await shared(c.member, c.room.id);
      expect(await change).toEqual({ roomId: c.room.id });

      change = next(watcher, 'workspace-changed');
      await pushOk(t.baseUrl, c.member.token, [
        put('textNote', item.recordId, { ...SAMPLE_DATA.textNote, title: 'Renamed' }),
      ]);
      expect(await change).toEqual({ roomId: c.room.id });

      change = next(watcher, 'workspace-changed');
      await pushOk(t.baseUrl, c.member.token, [del('textNote', item.recordId)]);
      expect(await change).toEqual({ roomId: c.room.id });

      const second = await shared(c.member, c.room.id);
      change = next(watcher, 'workspace-changed');
      expect((await unshare(c.admin, c.room.id, second.id)).status).toBe(200);
      expect(await change).toEqual({ roomId: c.room.id });

      await settle([watcher, outsider]);
      expect(seenByOutsider).toEqual([]);
    } finally {
      watcher.disconnect();
      outsider.disconnect();
    }
  });

  it('an edit of a record shared nowhere, or of a task, tells no room', async () => {
    const c = await cast();
    const watcher = await chatSocket(c.owner, c.room.id);
    const seen = record(watcher, 'workspace-changed');
    try {
      await ownRecord(c.member, 'textNote');
      await ownRecord(c.member, 'task' as WorkspaceKind);
      await settle([watcher]);
      expect(seen).toEqual([]);
    } finally {
      watcher.disconnect();
    }
  });
});

describe('leaving ends access at once', () => {
  it('a member who leaves can no longer list, share or download, and their shares leave with them', async () => {
    const c = await cast();
    const theirs = await shared(c.member, c.room.id, 'fileNote');
    const owners = await shared(c.owner, c.room.id, 'fileNote');
    const watcher = await chatSocket(c.owner, c.room.id);
    const leaverSocket = await chatSocket(c.member, c.room.id);
    const leaverSaw = record(leaverSocket, 'workspace-changed');
    try {
      const change = next(watcher, 'workspace-changed');
      const left = await http(t.baseUrl, 'POST', `/api/rooms/${c.room.id}/leave`, {
        token: c.member.token,
      });
      expect(left.status).toBe(200);
      expect(await change).toEqual({ roomId: c.room.id });

      expect((await list(c.member, c.room.id)).status).toBe(403);
      expect((await download(c.member, c.room.id, owners.id)).status).toBe(403);
      const id = await ownRecord(c.member, 'textNote');
      expect((await share(c.member, c.room.id, { kind: 'textNote', id })).status).toBe(403);
      // What they shared is no longer the room's.
      expect((await items(c.owner, c.room.id)).map((i) => i.id)).toEqual([owners.id]);
      expect((await download(c.owner, c.room.id, theirs.id)).status).toBe(404);
      // Their socket left the room's channel with them: later changes do not reach it.
      await shared(c.admin, c.room.id);
      await settle([leaverSocket]);
      expect(leaverSaw).toEqual([]);
    } finally {
      watcher.disconnect();
      leaverSocket.disconnect();
    }
  });

  it('a member removed by the owner loses access at once too', async () => {
    const c = await cast();
    await shared(c.member, c.room.id);
    const removed = await http(
      t.baseUrl,
      'DELETE',
      `/api/rooms/${c.room.id}/members/${c.member.user.id}`,
      { token: c.owner.token },
    );
    expect(removed.status).toBe(200);
    expect((await list(c.member, c.room.id)).status).toBe(403);
    expect(await items(c.owner, c.room.id)).toEqual([]);
  });

  it('a deleted room takes its workspace with it', async () => {
    const c = await cast();
    const item = await shared(c.member, c.room.id, 'fileNote');
    expect(
      (await http(t.baseUrl, 'DELETE', `/api/rooms/${c.room.id}`, { token: c.owner.token })).status,
    ).toBe(200);
    expect((await list(c.member, c.room.id)).status).toBe(404);
    expect((await download(c.member, c.room.id, item.id)).status).toBe(404);
    // The record itself is still the member's, and can be shared with another room of theirs.
    const elsewhere = await roomWithMembers(t, 0);
    const joined = await http(t.baseUrl, 'POST', '/api/rooms/join', {
      token: c.member.token,
      body: { code: elsewhere.room.code },
    });
    expect(joined.status).toBe(200);
    const res = await share(c.member, elsewhere.room.id, { kind: 'fileNote', id: item.recordId });
    expect(res.status).toBe(201);
  });
});
