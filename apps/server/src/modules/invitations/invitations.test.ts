import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AcceptInvitationResponseSchema,
  CreateInvitationResponseSchema,
  INVITATION_MESSAGES,
  InvitationSchema,
  InvitationViewSchema,
  PendingInvitationResponseSchema,
  PendingInvitationsResponseSchema,
  MyInvitationsResponseSchema,
  RoomResponseSchema,
  VERIFY_EMAIL_MESSAGES,
  type Room,
} from '@studycircle/shared';
import { http, registerUser, startTestApp, type TestApp } from '../../test/app.js';
import { decodeQuotedPrintable, startSmtpCapture, type SmtpCapture } from '@studycircle/test-kit';
import { verifyEmailThroughMail } from '../../test/verify-email.js';
import { hashToken } from '../../lib/ids.js';
import { createInvitationsRepository } from './invitations.repository.js';

/**
 * Invitations over real HTTP with mail caught by a real SMTP server: the mail's link and escaping,
 * reading, accepting with the invited role, single use, expiry, the wrong account and full rooms.
 */

let t: TestApp;
let smtp: SmtpCapture;
let owner: Awaited<ReturnType<typeof registerUser>>;
let counter = 0;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  http(t.baseUrl, method, path, { token, body });

async function createRoom(body: Record<string, unknown> = {}): Promise<Room> {
  const res = await call('POST', '/api/rooms', owner.token, {
    name: 'Calculus <b>&</b> "friends"',
    subject: 'Math',
    ...body,
  });
  expect(res.status).toBe(201);
  return RoomResponseSchema.parse(res.body).room;
}

/** A fresh invitee (account or not) with an address nobody else was invited at. */
function newAddress() {
  counter += 1;
  return `invitee${counter}.${Date.now()}@example.com`;
}

/** Invites `email` and returns the token read from the delivered mail, plus the mail. */
async function invite(roomId: string, email: string, role = 'member', token = owner.token) {
  const res = await call('POST', `/api/rooms/${roomId}/invitations`, token, { email, role });
  expect(res.status).toBe(201);
  // The mail is handed over before the 201; the newest invitation mail to the address is this one
  // (an account at the address also has its verification mail).
  const mail = smtp.messages
    .filter(
      (m) =>
        m.to.includes(email.toLowerCase()) && decodeQuotedPrintable(m.raw).includes('/invite/'),
    )
    .at(-1)!;
  const body = decodeQuotedPrintable(mail.raw);
  const inviteToken = /http:\/\/app\.test\/invite\/([A-Za-z0-9_-]+)/.exec(body)![1]!;
  return { res, mail, body, token: inviteToken };
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // One owner sends every invitation of this file, more than the 30 an hour a real inviter may.
  t = await startTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://app.test', RATE_LIMIT_FACTOR: '4' },
  });
  owner = await registerUser(t.baseUrl, { name: 'Olivia <Owner>' });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('sending an invitation', () => {
  it('mails text and HTML parts with the /invite/:token link, names escaped', async () => {
    const room = await createRoom();
    const email = newAddress();
    const { res, mail, body, token } = await invite(room.id, email.toUpperCase(), 'admin');
    expect(res.body).toEqual({
      resent: false,
      invitation: {
        roomId: room.id,
        roomName: room.name,
        inviterName: 'Olivia <Owner>',
        email,
        role: 'admin',
        expiresAt: expect.any(String),
      },
    });
    const expiresIn =
      Date.parse((res.body.invitation as { expiresAt: string }).expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600_000);
    expect(mail.to).toEqual([email]);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The HTML part never carries the raw markup of a room or inviter name.
    expect(body).toContain('Calculus &lt;b&gt;&amp;&lt;/b&gt; &quot;friends&quot;');
    expect(body).toContain('Olivia &lt;Owner&gt;');
    expect(body).not.toContain('<b>&</b>"friends"</strong>');
    expect(body).toContain(`http://app.test/invite/${token}`);
  });

  it('lets only the owner invite admins', async () => {
    const room = await createRoom();
    const admin = await registerUser(t.baseUrl);
    await call('POST', '/api/rooms/join', admin.token, { code: room.code });
    await call('PATCH', `/api/rooms/${room.id}/members/${admin.user.id}`, owner.token, {
      role: 'admin',
    });
    const path = `/api/rooms/${room.id}/invitations`;
    const asAdmin = await call('POST', path, admin.token, { email: newAddress(), role: 'admin' });
    expect([asAdmin.status, asAdmin.body.message]).toEqual([
      403,
      INVITATION_MESSAGES.ownerInvitesAdmins,
    ]);
    const email = newAddress();
    expect((await call('POST', path, admin.token, { email, role: 'member' })).status).toBe(201);
    await smtp.waitForMail(email);
  });

  it('stores only a hash of the token', async () => {
    const room = await createRoom();
    const { token } = await invite(room.id, newAddress());
    const repo = createInvitationsRepository(t.database.db);
    expect(await repo.findByTokenHash(token)).toBeUndefined();
    expect(await repo.findByTokenHash(hashToken(token))).toBeDefined();
  });
});

describe('reading and accepting', () => {
  it('shows the invitation, then makes the invited account a member with the role', async () => {
    const room = await createRoom();
    const email = newAddress();
    const { token } = await invite(room.id, email, 'admin');

    const read = await call('GET', `/api/invitations/${token}`);
    expect(read.status).toBe(200);
    expect(InvitationSchema.parse(read.body)).toMatchObject({
      roomId: room.id,
      roomName: room.name,
      inviterName: 'Olivia <Owner>',
      email,
      role: 'admin',
    });

    const invitee = await registerUser(t.baseUrl, { email });
    const accepted = await call('POST', `/api/invitations/${token}/accept`, invitee.token);
    expect(accepted.status).toBe(200);
    expect(AcceptInvitationResponseSchema.parse(accepted.body)).toEqual({
      roomId: room.id,
      role: 'admin',
    });
    const view = await call('GET', `/api/rooms/${room.id}`, invitee.token);
    expect(view.body.room).toMatchObject({ isMember: true, userRole: 'admin', members: 2 });

    // Single use: a second accept and a later read both fail clearly.
    const again = await call('POST', `/api/invitations/${token}/accept`, invitee.token);
    expect([again.status, again.body.message]).toEqual([410, INVITATION_MESSAGES.used]);
    const reread = await call('GET', `/api/invitations/${token}`);
    expect([reread.status, reread.body.message]).toEqual([404, INVITATION_MESSAGES.notFound]);
  });

  it('reads as accepted to the account that accepted it, and as 404 to everyone else', async () => {
    const room = await createRoom();
    const email = newAddress();
    const { token } = await invite(room.id, email);
    const invitee = await registerUser(t.baseUrl, { email });
    const before = await call('GET', `/api/invitations/${token}`, invitee.token);
    expect(InvitationViewSchema.parse(before.body).state).toBe('pending');
    expect((await call('POST', `/api/invitations/${token}/accept`, invitee.token)).status).toBe(
      200,
    );

    const mine = await call('GET', `/api/invitations/${token}`, invitee.token);
    expect(mine.status).toBe(200);
    expect(InvitationViewSchema.parse(mine.body)).toMatchObject({
      state: 'accepted',
      roomId: room.id,
      roomName: room.name,
      email,
    });
    // Another account, the owner who sent it, nobody, or a token that does not authenticate.
    const stranger = await registerUser(t.baseUrl);
    for (const viewer of [stranger.token, owner.token, undefined, 'not-a-session-token']) {
      const other = await call('GET', `/api/invitations/${token}`, viewer);
      expect([other.status, other.body.message]).toEqual([404, INVITATION_MESSAGES.notFound]);
    }
  });

  it('refuses another account and leaves the invitation usable by the right one', async () => {
    const room = await createRoom();
    const email = newAddress();
    const { token } = await invite(room.id, email);
    const stranger = await registerUser(t.baseUrl);
    const wrong = await call('POST', `/api/invitations/${token}/accept`, stranger.token);
    expect([wrong.status, wrong.body.message]).toEqual([403, INVITATION_MESSAGES.wrongAccount]);
    expect((await call('GET', `/api/rooms/${room.id}`, stranger.token)).status).toBe(403);
    const invitee = await registerUser(t.baseUrl, { email: email.toUpperCase() });
    expect((await call('POST', `/api/invitations/${token}/accept`, invitee.token)).status).toBe(
      200,
    );
  });

  it('expires after its time: 404 to read, 410 to accept', async () => {
    const room = await createRoom();
    const email = newAddress();
    const { token } = await invite(room.id, email);
    await createInvitationsRepository(t.database.db).setExpiry(
      hashToken(token),
      new Date(Date.now() - 1000),
    );
    const read = await call('GET', `/api/invitations/${token}`);
    expect([read.status, read.body.message]).toEqual([404, 'Invitation not found or expired.']);
    const invitee = await registerUser(t.baseUrl, { email });
    const accept = await call('POST', `/api/invitations/${token}/accept`, invitee.token);
    expect([accept.status, accept.body.message]).toEqual([410, INVITATION_MESSAGES.expired]);
    expect((await call('GET', `/api/rooms/${room.id}`, invitee.token)).status).toBe(403);
  });

  it('promotes someone who joined by code meanwhile when invited as admin, and never demotes', async () => {
    const room = await createRoom();
    const email = newAddress();
    const { token } = await invite(room.id, email, 'admin');
    const member = await registerUser(t.baseUrl, { email });
    await call('POST', '/api/rooms/join', member.token, { code: room.code });
    const res = await call('POST', `/api/invitations/${token}/accept`, member.token);
    expect(res.body).toEqual({ roomId: room.id, role: 'admin' });
    const view = await call('GET', `/api/rooms/${room.id}`, member.token);
    expect(view.body.room).toMatchObject({ userRole: 'admin', members: 2 });

    // Invited as a member, joined by code, then made admin: accepting keeps admin.
    const email2 = newAddress();
    const { token: token2 } = await invite(room.id, email2, 'member');
    const other = await registerUser(t.baseUrl, { email: email2 });
    await call('POST', '/api/rooms/join', other.token, { code: room.code });
    await call('PATCH', `/api/rooms/${room.id}/members/${other.user.id}`, owner.token, {
      role: 'admin',
    });
    const kept = await call('POST', `/api/invitations/${token2}/accept`, other.token);
    expect(kept.body).toEqual({ roomId: room.id, role: 'admin' });
  });

  it('refuses to accept into a full room', async () => {
    const room = await createRoom({ maxMembers: 2 });
    const filler = await registerUser(t.baseUrl);
    await call('POST', '/api/rooms/join', filler.token, { code: room.code });
    const email = newAddress();
    const { token } = await invite(room.id, email);
    const invitee = await registerUser(t.baseUrl, { email });
    const res = await call('POST', `/api/invitations/${token}/accept`, invitee.token);
    expect([res.status, res.body.message]).toEqual([409, 'This room is full.']);
    // Nothing was consumed: once a seat frees up, the same link works.
    await call('POST', `/api/rooms/${room.id}/leave`, filler.token);
    expect((await call('POST', `/api/invitations/${token}/accept`, invitee.token)).status).toBe(
      200,
    );
  });

  it('answers unknown and malformed tokens with 404, anonymous accepts with 401', async () => {
    for (const token of ['x'.repeat(43), 'short', '%3Cscript%3E', 'a'.repeat(99)]) {
      const res = await call('GET', `/api/invitations/${token}`);
      expect([token, res.status, res.body.message]).toEqual([
        token,
        404,
        INVITATION_MESSAGES.notFound,
      ]);
    }
    // Beyond Fastify's parameter length the router itself answers with a clear 414.
    const huge = await call('GET', `/api/invitations/${'a'.repeat(300)}`);
    expect(huge.status).toBe(414);
    expect(huge.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    const me = await registerUser(t.baseUrl);
    expect((await call('POST', `/api/invitations/${'x'.repeat(43)}/accept`, me.token)).status).toBe(
      404,
    );
    expect((await call('POST', `/api/invitations/${'x'.repeat(43)}/accept`)).status).toBe(401);
  });
});

describe('managing pending invitations', () => {
  const tokenIn = (raw: string) =>
    /http:\/\/app\.test\/invite\/([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw))![1]!;
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  const list = async (roomId: string, token = owner.token) => {
    const res = await call('GET', `/api/rooms/${roomId}/invitations`, token);
    expect(res.status).toBe(200);
    return PendingInvitationsResponseSchema.parse(res.body).invitations;
  };

  it('a second invitation to a pending address re-sends that one with a fresh link', async () => {
    const room = await createRoom();
    const email = newAddress();
    const first = await invite(room.id, email, 'member');
    const [pending] = await list(room.id);
    expect(pending).toMatchObject({ email, role: 'member', inviterName: 'Olivia <Owner>' });

    const again = await call('POST', `/api/rooms/${room.id}/invitations`, owner.token, {
      email: email.toUpperCase(),
      role: 'admin',
    });
    expect(again.status).toBe(201);
    expect(CreateInvitationResponseSchema.parse(again.body)).toMatchObject({
      resent: true,
      invitation: { email, role: 'admin' },
    });
    await expect.poll(() => mailsTo(email).length).toBe(2);
    const second = tokenIn(mailsTo(email)[1]!.raw);
    expect(second).not.toBe(first.token);

    // Still one invitation, now for the new role; the first link is dead, the new one works.
    const after = await list(room.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: pending!.id, email, role: 'admin' });
    expect((await call('GET', `/api/invitations/${first.token}`)).status).toBe(404);
    const invitee = await registerUser(t.baseUrl, { email });
    const accepted = await call('POST', `/api/invitations/${second}/accept`, invitee.token);
    expect(accepted.body).toEqual({ roomId: room.id, role: 'admin' });
    expect(await list(room.id)).toEqual([]);
  });

  it('refuses to invite a current member, with a message that says so', async () => {
    const room = await createRoom();
    const member = await registerUser(t.baseUrl);
    await call('POST', '/api/rooms/join', member.token, { code: room.code });
    // Registration mails a verification link, so only invitation mails are counted.
    const invitationMails = () =>
      smtp.messages.filter((m) => decodeQuotedPrintable(m.raw).includes('/invite/')).length;
    const before = invitationMails();
    for (const email of [member.user.email, owner.user.email]) {
      const res = await call('POST', `/api/rooms/${room.id}/invitations`, owner.token, {
        email: `  ${email.toUpperCase()} `,
        role: 'member',
      });
      expect([res.status, res.body.message, res.body.code]).toEqual([
        409,
        INVITATION_MESSAGES.alreadyMember,
        'CONFLICT',
      ]);
    }
    expect(await list(room.id)).toEqual([]);
    expect(invitationMails()).toBe(before);
  });

  it('lists pending invitations newest first with role, inviter and expiry; hides used and expired', async () => {
    const room = await createRoom();
    const a = newAddress();
    const b = newAddress();
    const c = newAddress();
    await invite(room.id, a, 'member');
    await invite(room.id, b, 'admin');
    const used = await invite(room.id, c, 'member');
    const invitee = await registerUser(t.baseUrl, { email: c });
    await call('POST', `/api/invitations/${used.token}/accept`, invitee.token);
    const items = await list(room.id);
    expect(items.map((i) => [i.email, i.role])).toEqual([
      [b, 'admin'],
      [a, 'member'],
    ]);
    expect(Date.parse(items[0]!.expiresAt)).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    const first = await invite(room.id, newAddress());
    await createInvitationsRepository(t.database.db).setExpiry(
      hashToken(first.token),
      new Date(Date.now() - 1000),
    );
    expect(await list(room.id)).toHaveLength(2);
  });

  it('resends with a fresh single-use link and cancels; old links stop working', async () => {
    const room = await createRoom();
    const email = newAddress();
    const { token: oldToken } = await invite(room.id, email);
    const [pending] = await list(room.id);
    const resend = await call(
      'POST',
      `/api/rooms/${room.id}/invitations/${pending!.id}/resend`,
      owner.token,
    );
    expect(resend.status).toBe(200);
    expect(PendingInvitationResponseSchema.parse(resend.body).invitation).toMatchObject({
      id: pending!.id,
      email,
    });
    await expect.poll(() => mailsTo(email).length).toBe(2);
    const fresh = tokenIn(mailsTo(email)[1]!.raw);
    expect(fresh).not.toBe(oldToken);
    expect((await call('GET', `/api/invitations/${oldToken}`)).status).toBe(404);
    expect((await call('GET', `/api/invitations/${fresh}`)).status).toBe(200);

    const cancel = await call(
      'DELETE',
      `/api/rooms/${room.id}/invitations/${pending!.id}`,
      owner.token,
    );
    expect(cancel.status).toBe(204);
    expect(await list(room.id)).toEqual([]);
    expect((await call('GET', `/api/invitations/${fresh}`)).status).toBe(404);
    const again = await call(
      'DELETE',
      `/api/rooms/${room.id}/invitations/${pending!.id}`,
      owner.token,
    );
    expect([again.status, again.body.message]).toEqual([404, INVITATION_MESSAGES.pendingNotFound]);
    const bogus = await call(
      'POST',
      `/api/rooms/${room.id}/invitations/not-an-id/resend`,
      owner.token,
    );
    expect(bogus.status).toBe(404);
  });

  it('is for the owner and admins only; admins leave admin invitations to the owner', async () => {
    const room = await createRoom();
    const adminInvite = newAddress();
    const memberInvite = newAddress();
    await invite(room.id, adminInvite, 'admin');
    await invite(room.id, memberInvite, 'member');
    const pending = await list(room.id);
    const forAdmin = pending.find((i) => i.email === adminInvite);
    const forMember = pending.find((i) => i.email === memberInvite);
    const admin = await registerUser(t.baseUrl);
    const member = await registerUser(t.baseUrl);
    const stranger = await registerUser(t.baseUrl);
    for (const u of [admin, member]) {
      await call('POST', '/api/rooms/join', u.token, { code: room.code });
    }
    await call('PATCH', `/api/rooms/${room.id}/members/${admin.user.id}`, owner.token, {
      role: 'admin',
    });
    const base = `/api/rooms/${room.id}/invitations`;
    for (const u of [member, stranger]) {
      const res = await call('GET', base, u.token);
      expect(res.status).toBe(403);
      expect((await call('DELETE', `${base}/${forMember!.id}`, u.token)).status).toBe(403);
      expect((await call('POST', `${base}/${forMember!.id}/resend`, u.token)).status).toBe(403);
    }
    expect((await call('GET', base)).status).toBe(401);
    expect(await list(room.id, admin.token)).toHaveLength(2);
    const denied = await call('DELETE', `${base}/${forAdmin!.id}`, admin.token);
    expect([denied.status, denied.body.message]).toEqual([
      403,
      INVITATION_MESSAGES.adminManagesMemberInvitations,
    ]);
    expect((await call('DELETE', `${base}/${forMember!.id}`, admin.token)).status).toBe(204);
    // An invitation of another room cannot be reached through this one.
    const other = await createRoom();
    expect(
      (await call('DELETE', `/api/rooms/${other.id}/invitations/${forAdmin!.id}`, owner.token))
        .status,
    ).toBe(404);
  });
});

describe("the signed-in user's pending invitations", () => {
  it("lists unused, unexpired invitations to my address, newest first, and nobody else's", async () => {
    const roomA = await createRoom({ name: 'Algebra circle' });
    const roomB = await createRoom({ name: 'Biology circle' });
    const email = newAddress();
    const other = newAddress();
    await invite(roomA.id, email);
    const { token: expiring } = await invite(roomB.id, other);
    await invite(roomB.id, email.toUpperCase(), 'admin');
    const me = await registerUser(t.baseUrl, { email });
    await verifyEmailThroughMail(t.baseUrl, smtp, email);

    const res = await call('GET', '/api/invitations', me.token);
    expect(res.status).toBe(200);
    const { invitations } = MyInvitationsResponseSchema.parse(res.body);
    expect(invitations.map((i) => [i.roomName, i.role, i.inviterName, i.email])).toEqual([
      ['Biology circle', 'admin', 'Olivia <Owner>', email],
      ['Algebra circle', 'member', 'Olivia <Owner>', email],
    ]);
    expect(invitations[0]!.id).toMatch(/^[0-9a-f]{24}$/);
    // The listing never carries a token or its hash.
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);

    // Expired and used invitations drop out of the other invitee's list.
    const someone = await registerUser(t.baseUrl, { email: other });
    await verifyEmailThroughMail(t.baseUrl, smtp, other);
    await createInvitationsRepository(t.database.db).setExpiry(
      hashToken(expiring),
      new Date(Date.now() - 1000),
    );
    const none = await call('GET', '/api/invitations', someone.token);
    expect(none.body).toEqual({ invitations: [] });

    expect((await call('GET', '/api/invitations')).status).toBe(401);
  });

  it('accepts by id for the invited account only; others get the same 404 as an unknown id', async () => {
    const room = await createRoom({ name: 'Physics circle' });
    const email = newAddress();
    await invite(room.id, email, 'admin');
    const me = await registerUser(t.baseUrl, { email });
    const stranger = await registerUser(t.baseUrl);
    await verifyEmailThroughMail(t.baseUrl, smtp, email);
    await verifyEmailThroughMail(t.baseUrl, smtp, stranger.user.email);
    const [pending] = MyInvitationsResponseSchema.parse(
      (await call('GET', '/api/invitations', me.token)).body,
    ).invitations;

    const path = `/api/invitations/pending/${pending!.id}/accept`;
    const refused = await call('POST', path, stranger.token);
    expect([refused.status, refused.body.message]).toEqual([404, INVITATION_MESSAGES.notFound]);
    for (const bad of ['0'.repeat(24), 'not-an-id', "1' or '1'='1"]) {
      const res = await call(
        'POST',
        `/api/invitations/pending/${encodeURIComponent(bad)}/accept`,
        me.token,
      );
      expect([bad, res.status]).toEqual([bad, 404]);
    }
    expect((await call('POST', path)).status).toBe(401);

    const accepted = await call('POST', path, me.token);
    expect(accepted.status).toBe(200);
    expect(AcceptInvitationResponseSchema.parse(accepted.body)).toEqual({
      roomId: room.id,
      role: 'admin',
    });
    const mine = await call('GET', `/api/rooms/${room.id}`, me.token);
    expect(mine.body.room).toMatchObject({ isMember: true, userRole: 'admin', members: 2 });
    // Used: gone from the list, and a second accept reads as used.
    expect((await call('GET', '/api/invitations', me.token)).body).toEqual({ invitations: [] });
    const again = await call('POST', path, me.token);
    expect([again.status, again.body.message]).toEqual([410, INVITATION_MESSAGES.used]);
  });
});

describe('proof of the mailbox (docs/decisions/0017)', () => {
  const pendingId = async (roomId: string, email: string) => {
    const res = await call('GET', `/api/rooms/${roomId}/invitations`, owner.token);
    return PendingInvitationsResponseSchema.parse(res.body).invitations.find(
      (i) => i.email === email,
    )!.id;
  };

  it('an unverified address sees no invitations in the bell and cannot accept by id; the mailed link still works', async () => {
    const room = await createRoom({ name: 'Staff room' });
    const email = newAddress();
    const { token } = await invite(room.id, email, 'admin');
    const id = await pendingId(room.id, email);
    // Someone registers the invited address; no mail is read.
    const squatter = await registerUser(t.baseUrl, { email });
    expect(squatter.user.emailVerified).toBe(false);

    const listed = await call('GET', '/api/invitations', squatter.token);
    expect([listed.status, listed.body.code, listed.body.message]).toEqual([
      403,
      'EMAIL_NOT_VERIFIED',
      VERIFY_EMAIL_MESSAGES.bellNeedsVerifiedEmail,
    ]);
    const byId = await call('POST', `/api/invitations/pending/${id}/accept`, squatter.token);
    expect([byId.status, byId.body.code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    expect((await call('GET', `/api/rooms/${room.id}`, squatter.token)).status).toBe(403);

    // Whoever holds the mailed link has shown they read the mailbox: that still works.
    const accepted = await call('POST', `/api/invitations/${token}/accept`, squatter.token);
    expect([accepted.status, accepted.body]).toEqual([200, { roomId: room.id, role: 'admin' }]);
  });

  it('a verified address lists and accepts by id', async () => {
    const room = await createRoom({ name: 'Verified room' });
    const email = newAddress();
    await invite(room.id, email);
    const me = await registerUser(t.baseUrl, { email });
    await verifyEmailThroughMail(t.baseUrl, smtp, email);
    const { invitations } = MyInvitationsResponseSchema.parse(
      (await call('GET', '/api/invitations', me.token)).body,
    );
    expect(invitations.map((i) => i.roomId)).toEqual([room.id]);
    const accepted = await call(
      'POST',
      `/api/invitations/pending/${invitations[0]!.id}/accept`,
      me.token,
    );
    expect(accepted.body).toEqual({ roomId: room.id, role: 'member' });
  });
});

describe('concurrent invitations to one address (docs/decisions/0011)', () => {
  const invitationMailsTo = (email: string) =>
    smtp.messages.filter(
      (m) => m.to.includes(email) && decodeQuotedPrintable(m.raw).includes('/invite/'),
    );

  it('six at once leave one open invitation, mailed once, whose link works', async () => {
    const room = await createRoom();
    const email = newAddress();
    const path = `/api/rooms/${room.id}/invitations`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', path, owner.token, { email, role: 'member' })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(answers.filter((a) => a.body.resent === false)).toHaveLength(1);
    const pending = PendingInvitationsResponseSchema.parse(
      (await call('GET', path, owner.token)).body,
    ).invitations;
    expect(pending.map((i) => i.email)).toEqual([email]);
    // Every mail was handed over before its 201; give a stray one time to show anyway.
    await new Promise((r) => setTimeout(r, 300));
    const mails = invitationMailsTo(email);
    expect(mails).toHaveLength(1);
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mails[0]!.raw))![1]!;
    expect((await call('GET', `/api/invitations/${token}`)).status).toBe(200);
  });

  it('the database holds one open invitation per room and address', async () => {
    const room = await createRoom();
    const email = newAddress();
    const repo = createInvitationsRepository(t.database.db);
    const row = (tokenHash: string) => ({
      id: tokenHash.slice(0, 24),
      roomId: room.id,
      inviterId: owner.user.id,
      tokenHash,
      email,
      role: 'member' as const,
      expiresAt: new Date(Date.now() + 60_000),
      createdAt: new Date(),
    });
    const results = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => repo.insertOpen(row(c.repeat(64)))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('an admin and the owner inviting one address', () => {
  it("an admin cannot replace or downgrade the owner's pending admin invitation", async () => {
    const room = await createRoom();
    const admin = await registerUser(t.baseUrl);
    await call('POST', '/api/rooms/join', admin.token, { code: room.code });
    await call('PATCH', `/api/rooms/${room.id}/members/${admin.user.id}`, owner.token, {
      role: 'admin',
    });
    const email = newAddress();
    const { token } = await invite(room.id, email, 'admin');

    const path = `/api/rooms/${room.id}/invitations`;
    const replaced = await call('POST', path, admin.token, { email, role: 'member' });
    expect([replaced.status, replaced.body.message]).toEqual([
      403,
      INVITATION_MESSAGES.adminInvitationPending,
    ]);
    // The owner's invitation is as it was: admin, the owner's, and its link alive.
    const [pending] = PendingInvitationsResponseSchema.parse(
      (await call('GET', path, owner.token)).body,
    ).invitations;
    expect(pending).toMatchObject({ email, role: 'admin', inviterName: 'Olivia <Owner>' });
    const read = await call('GET', `/api/invitations/${token}`);
    expect([read.status, read.body.role]).toEqual([200, 'admin']);

    // A member invitation the owner sent is the admin's to re-send, and the owner may still
    // change an admin invitation.
    const other = newAddress();
    await invite(room.id, other, 'member');
    expect((await call('POST', path, admin.token, { email: other, role: 'member' })).status).toBe(
      201,
    );
    expect((await call('POST', path, owner.token, { email, role: 'member' })).status).toBe(201);
  });
});
