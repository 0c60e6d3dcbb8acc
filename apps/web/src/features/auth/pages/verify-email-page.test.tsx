import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { VERIFY_EMAIL_MESSAGES } from '@studycircle/shared';
import { mockApi, renderPage } from '../../../test/render';
import { sampleUser } from '../../../test/fixtures';
import { onUserDataUpdated } from '../user-events';
import { VerifyEmailPage } from './verify-email-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderVerify = () =>
  renderPage(<VerifyEmailPage />, { pattern: '/verify-email/:token', url: '/verify-email/tok123' });

describe('VerifyEmailPage (docs/product.md §3.12)', () => {
  it('uses the link once and says plainly that the address is verified', async () => {
    const { calls } = mockApi({
      'POST /api/auth/verify-email/tok123': {
        body: { ok: true, message: VERIFY_EMAIL_MESSAGES.verified },
      },
    });
    renderVerify();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify your email' })).toBeVisible();
    expect(await screen.findByText(VERIFY_EMAIL_MESSAGES.verified)).toBeVisible();
    // Nobody is signed in here: the way on is to sign in.
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('tells a signed-in browser the fresh flag, so the banner goes', async () => {
    localStorage.setItem('token', 'tok');
    const seen: unknown[] = [];
    const stop = onUserDataUpdated((detail) => seen.push(detail));
    mockApi({
      'GET /api/auth/profile': { body: { user: { ...sampleUser, emailVerified: true } } },
      'POST /api/auth/verify-email/tok123': {
        body: { ok: true, message: VERIFY_EMAIL_MESSAGES.verified },
      },
    });
    renderVerify();
    expect(await screen.findByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await vi.waitFor(() => expect(seen).toContainEqual({ emailVerified: true }));
    stop();
  });

  it("shows the server's sentence for a dead link", async () => {
    mockApi({
      'POST /api/auth/verify-email/tok123': {
        status: 400,
        body: { message: VERIFY_EMAIL_MESSAGES.linkInvalid, code: 'INVALID_VERIFY_TOKEN' },
      },
    });
    renderVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent(VERIFY_EMAIL_MESSAGES.linkInvalid);
  });
});
