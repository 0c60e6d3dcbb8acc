import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@studycircle/shared';
import { decodeQuotedPrintable, startSmtpCapture, type SmtpCapture } from '@studycircle/test-kit';
import { NUL_MESSAGE } from '../../lib/validate.js';
import { http, startTestApp, type TestApp } from '../../test/app.js';
import { listContactMessages } from './contact.repository.js';
import { CONTACT_RATE_LIMIT } from './contact.service.js';

const CONTACT_EMAIL = 'team@studycircle.test';

const valid = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  priority: 'high',
  subject: 'Room limits',
  message: 'How many people can join one study room?',
};

let smtp: SmtpCapture;
let t: TestApp;
// Every test sends from its own client address (X-Forwarded-For, trusted with TRUST_PROXY), so
// one test's messages never count against another's rate limit.
let ipCounter = 0;
let ip = '';

const post = (body: unknown, headers: Record<string, string> = {}) =>
  http(t.baseUrl, 'POST', '/api/contact', {
    body,
    headers: { 'x-forwarded-for': ip, ...headers },
  });

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, CONTACT_EMAIL, TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(() => {
  ipCounter += 1;
  ip = `203.0.113.${ipCounter}`;
});

describe('POST /api/contact', () => {
  it('stores the message, mails it to CONTACT_EMAIL and answers 201 {ok: true}', async () => {
    const res = await post({ ...valid, name: '  Asha Rao  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true });

    const [row] = await listContactMessages(t.database.db, 1);
    expect(row).toMatchObject({ ...valid, name: 'Asha Rao' });
    expect(row?.id).toMatch(/^[0-9a-f]{24}$/);

    const mail = await smtp.waitForMail(CONTACT_EMAIL);
    expect(mail.to).toEqual([CONTACT_EMAIL]);
    expect(mail.raw).toMatch(/^Reply-To: asha@example\.com/m);
    expect(mail.raw).toMatch(/^Subject: .*Room limits/m);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain('How many people can join one study room?');
    expect(body).toContain('High');
  });

  it('escapes user text in the HTML part', async () => {
    const before = smtp.messages.length;
    const res = await post({
      ...valid,
      name: '<b>Mallory</b>',
      subject: 'XSS <script>alert(1)</script>',
      message: 'Hello <img src=x onerror="alert(1)"> & bye',
    });
    expect(res.status).toBe(201);
    await expect.poll(() => smtp.messages.length).toBe(before + 1);
    const raw = decodeQuotedPrintable(smtp.messages[before]!.raw);
    const html = raw.slice(raw.indexOf('Content-Type: text/html'));
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; bye');
    expect(html).toContain('&lt;b&gt;Mallory&lt;/b&gt;');
    expect(html).toContain('XSS &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>');
  });

  it('defaults the priority to medium', async () => {
    const { priority: _omitted, ...noPriority } = valid;
    const res = await post({ ...noPriority, subject: 'No priority given' });
    expect(res.status).toBe(201);
    const rows = await listContactMessages(t.database.db);
    expect(rows.find((r) => r.subject === 'No priority given')?.priority).toBe('medium');
  });

  it.each([
    ['a blank name', { name: ' ' }, 'Please fill all required fields.'],
    ['a missing email', { email: undefined }, 'Please fill all required fields.'],
    ['a blank subject', { subject: '' }, 'Please fill all required fields.'],
    ['a blank message', { message: '\n' }, 'Please fill all required fields.'],
    ['a non-text message', { message: 12 }, 'Please fill all required fields.'],
    ['a malformed email', { email: 'asha@example' }, 'Please enter a valid email address.'],
    // Required fields are checked before the address, as the form does.
    [
      'a blank subject and a malformed email',
      { subject: '', email: 'nope' },
      'Please fill all required fields.',
    ],
    ['an unknown priority', { priority: 'urgent' }, CONTACT_MESSAGES.invalidPriority],
    ['an over-long message', { message: 'x'.repeat(5001) }, CONTACT_MESSAGES.messageTooLong],
    ['an unknown field', { isAdmin: true }, 'Unknown field: isAdmin'],
    // PostgreSQL text cannot hold U+0000; without this check the insert failed with a 500.
    ['a NUL character', { name: 'Asha\u0000' }, NUL_MESSAGE],
  ])('answers 400 for %s', async (_label, change, message) => {
    const res = await post({ ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, error: message, code: 'VALIDATION_FAILED' });
  });

  it('stores nothing and sends no mail for an invalid message', async () => {
    const rowsBefore = (await listContactMessages(t.database.db)).length;
    const mailsBefore = smtp.messages.length;
    await post({ ...valid, subject: 'Never stored', email: 'bad' });
    expect((await listContactMessages(t.database.db)).length).toBe(rowsBefore);
    expect(smtp.messages.length).toBe(mailsBefore);
  });

  it('answers 400 for malformed JSON and for a missing body', async () => {
    const bad = await http(t.baseUrl, 'POST', '/api/contact', {
      raw: '{"name": "Asha",',
      headers: { 'x-forwarded-for': ip },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_JSON' });

    const none = await http(t.baseUrl, 'POST', '/api/contact', {
      headers: { 'x-forwarded-for': ip },
    });
    expect(none.status).toBe(400);
    expect(none.body).toHaveProperty('message');
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} messages per address in the window, then answers 429`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
      const res = await post({ ...valid, subject: `Burst ${i}` });
      expect(res.status).toBe(201);
    }
    const limited = await post({ ...valid, subject: 'One too many' });
    expect(limited.status).toBe(429);
    const message = `${CONTACT_MESSAGES.rateLimited} Please try again in 10 minutes.`;
    expect(limited.body).toEqual({ message, error: message, code: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(9 * 60);
    const rows = await listContactMessages(t.database.db);
    expect(rows.some((r) => r.subject === 'One too many')).toBe(false);

    // Another address is not affected.
    const other = await post(
      { ...valid, subject: 'Someone else' },
      { 'x-forwarded-for': '198.51.100.7' },
    );
    expect(other.status).toBe(201);
  });

  it('does not count invalid submissions against the limit', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max + 2; i += 1) {
      expect((await post({ ...valid, email: 'bad' })).status).toBe(400);
    }
    expect((await post(valid)).status).toBe(201);
  });
});

describe('POST /api/contact when mail cannot be delivered', () => {
  let broken: TestApp;

  beforeAll(async () => {
    // Port 1 on loopback refuses connections: the SMTP hand-off fails at once.
    broken = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1', CONTACT_EMAIL } });
  });
  afterAll(async () => {
    await broken?.close();
  });

  it('answers 503 with a readable message and keeps the stored row', async () => {
    const res = await http(broken.baseUrl, 'POST', '/api/contact', {
      body: { ...valid, subject: 'Undeliverable' },
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'INTERNAL' });
    expect(String(res.body.message)).toMatch(/could not be delivered/);
    const rows = await listContactMessages(broken.database.db);
    expect(rows.map((r) => r.subject)).toContain('Undeliverable');
  });
});
