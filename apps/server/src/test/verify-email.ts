import type { SmtpCapture } from '@studycircle/test-kit';

/**
 * E-mail verification as a person does it: wait for the verification mail the server sent to
 * `email` (caught by the real SMTP capture), take its /verify-email/:token link and use it. Tests
 * whose users need a verified address call this; there is no shortcut around the mailbox.
 */

/** The token of the newest verification link mailed to `email`. */
export async function verificationToken(smtp: SmtpCapture, email: string): Promise<string> {
  const body = await smtp.waitForMailMatching(email, /\/verify-email\/[A-Za-z0-9_-]+/);
  return /\/verify-email\/([A-Za-z0-9_-]+)/.exec(body)![1]!;
}

/**
 * Follows the verification link mailed to `email`; throws unless the server confirms it. The
 * registration mail goes out after the answer, so an address that had an earlier account may
 * still show only that account's (dead) link for a moment: then the newest link is tried again
 * until the new one arrives.
 */
export async function verifyEmailThroughMail(
  baseUrl: string,
  smtp: SmtpCapture,
  email: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const token = await verificationToken(smtp, email);
    const res = await fetch(`${baseUrl}/api/auth/verify-email/${token}`, { method: 'POST' });
    if (res.status === 200) return;
    if (Date.now() > deadline) {
      throw new Error(`verification failed: ${res.status} ${await res.text()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
