import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MyInvitationsResponseSchema,
  PendingInvitationsResponseSchema,
  RoomResponseSchema,
  type Room,
} from '@studycircle/shared';
import { http, registerUser, startTestApp, type TestApp } from '../../test/app.js';
import { decodeQuotedPrintable, startSmtpCapture, type SmtpCapture } from '@studycircle/test-kit';
import { verifyEmailThroughMail } from '../../test/verify-email.js';

/**
 * What deleting an account does to invitations (docs/decisions/0013): invitations are addressed to
 * a mailbox, so once the account at that address is gone, its pending invitations are cancelled
 * instead of waiting for whoever registers the address next.
 */

let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://app.test' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const call = (method: string, path: string, token?: string, body?: unknown) =>
  http(t.baseUrl, method, path, { token, body });

async function createRoom(token: string, name: string): Promise<Room> {
  const res = await call('POST', '/api/rooms', token, { name, subject: 'Math' });
  expect(res.status).toBe(201);
  return RoomResponseSchema.parse(res.body).room;
}

/** Invites `email` and returns the path of the mailed link's API twin. */
async function invite(token: string, roomId: string, email: string, role = 'member') {
  const res = await call('POST', `/api/rooms/${roomId}/invitations`, token, { email, role });
  expect(res.status).toBe(201);
  const body = smtp.messages
    .filter((m) => m.to.includes(email))
    .map((m) => decodeQuotedPrintable(m.raw))
    .filter((raw) => raw.includes('/invite/'))
    .at(-1)!;
  return `/api/invitations/${/\/invite\/([A-Za-z0-9_-]+)/.exec(body)![1]!}`;
}

describe('deleting an account', () => {
  it('cancels the pending invitations addressed to it; the next account at that address finds none', async () => {
    const owner = await registerUser(t.baseUrl);
    const roomA = await createRoom(owner.token, 'Deletion circle A');
    const roomB = await createRoom(owner.token, 'Deletion circle B');
    const leaving = await registerUser(t.baseUrl);
    const email = leaving.user.email;
    const linkA = await invite(owner.token, roomA.id, email, 'admin');
    const linkB = await invite(owner.token, roomB.id, email);
    const someoneElse = `kept-${Date.now()}@example.com`;
    await invite(owner.token, roomA.id, someoneElse);

    const deleted = await call('DELETE', '/api/auth/account', leaving.token, {
      password: leaving.password,
    });
    expect(deleted.status).toBe(200);

    for (const room of [roomA, roomB]) {
      const pending = PendingInvitationsResponseSchema.parse(
        (await call('GET', `/api/rooms/${room.id}/invitations`, owner.token)).body,
      ).invitations;
      expect(pending.map((i) => i.email)).not.toContain(email);
    }
    // Another address's invitation is untouched.
    const stillPending = PendingInvitationsResponseSchema.parse(
      (await call('GET', `/api/rooms/${roomA.id}/invitations`, owner.token)).body,
    ).invitations;
    expect(stillPending.map((i) => i.email)).toEqual([someoneElse]);
    for (const link of [linkA, linkB]) expect((await call('GET', link)).status).toBe(404);

    // Whoever registers the address next, and proves the mailbox, inherits nothing.
    const next = await registerUser(t.baseUrl, { email });
    await verifyEmailThroughMail(t.baseUrl, smtp, email);
    const mine = await call('GET', '/api/invitations', next.token);
    expect(MyInvitationsResponseSchema.parse(mine.body).invitations).toEqual([]);
    expect((await call('POST', `${linkA}/accept`, next.token)).status).toBe(404);
  });
});
