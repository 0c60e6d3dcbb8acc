import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERIFY_EMAIL_MESSAGES } from '@studycircle/shared';
import { mockApi, renderRoutes } from '../../../test/render';
import { sampleUser } from '../../../test/fixtures';
import { VerifyEmailBanner } from './verify-email-banner';

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderBanner = (user: Record<string, unknown>, extra: Parameters<typeof mockApi>[0] = {}) => {
  localStorage.setItem('token', 'tok');
  const { calls } = mockApi({ 'GET /api/auth/profile': { body: { user } }, ...extra });
  renderRoutes([{ path: '/', element: <VerifyEmailBanner /> }]);
  return calls;
};

const unverified = { ...sampleUser, emailVerified: false };

describe('VerifyEmailBanner (docs/product.md §3.12)', () => {
  it('asks an unverified account to verify, naming the address, in a labelled region', async () => {
    renderBanner(unverified);
    const region = await screen.findByRole('region', { name: 'Email verification' });
    expect(region).toHaveTextContent(
      'Please verify your email address. We sent a link to asha@example.com.',
    );
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeEnabled();
  });

  it('stays away for a verified account and for a cached user without the flag', async () => {
    renderBanner({ ...sampleUser, emailVerified: true });
    // The profile has arrived once the request was made; nothing shows either way.
    await waitFor(() => expect(localStorage.getItem('user')).toContain('asha@example.com'));
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
  });

  it('resends the link and says so; a failure says why', async () => {
    const calls = renderBanner(unverified, {
      'POST /api/auth/resend-verification': {
        body: { ok: true, message: VERIFY_EMAIL_MESSAGES.resent },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(VERIFY_EMAIL_MESSAGES.resent);
    expect(calls.filter((c) => c.path === '/api/auth/resend-verification')).toHaveLength(1);

    mockApi({
      'POST /api/auth/resend-verification': {
        status: 429,
        body: {
          message: 'Too many attempts. Please try again in 40 minutes.',
          code: 'RATE_LIMITED',
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(
      await screen.findByText('Too many attempts. Please try again in 40 minutes.'),
    ).toBeVisible();
  });

  it('goes when the server says the address is verified already', async () => {
    renderBanner(unverified, {
      'POST /api/auth/resend-verification': {
        status: 409,
        body: { message: VERIFY_EMAIL_MESSAGES.alreadyVerified, code: 'CONFLICT' },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend link' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull(),
    );
  });

  it('is dismissed for the session, for that account only', async () => {
    renderBanner(unverified);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Dismiss the verification reminder' }),
    );
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
    expect(sessionStorage.getItem('verifyEmailBannerDismissed')).toBe('u1');
  });
});
