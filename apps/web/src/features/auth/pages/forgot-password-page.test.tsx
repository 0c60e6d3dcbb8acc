import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage } from '../../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ForgotPasswordPage', () => {
  it('keeps the submit button disabled while the email is empty', async () => {
    mockApi({});
    renderPage(<ForgotPasswordPage />, { url: '/forgot-password' });
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Send Reset Link' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(submit).toBeEnabled();
    await user.clear(screen.getByLabelText('Email'));
    expect(submit).toBeDisabled();
  });

  it('shows Check Your Email, the 1 hour expiry and a security notice; Resend Email clears the form', async () => {
    const { calls } = mockApi({ 'POST /api/auth/forgot-password': { body: { ok: true } } });
    renderPage(<ForgotPasswordPage />, { url: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(
      await screen.findByRole('heading', { name: 'Check Your Email', level: 1 }),
    ).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/api/auth/forgot-password',
      body: { email: 'asha@example.com' },
    });
    expect(screen.getByText(/expires in 1 hour/)).toBeInTheDocument();
    expect(screen.getByText(/Security notice/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
  });

  it("shows the server's message, else the product's fallback", async () => {
    const message = 'Please enter a valid email address';
    mockApi({
      'POST /api/auth/forgot-password': {
        status: 400,
        body: { message, error: message, code: 'V' },
      },
    });
    renderPage(<ForgotPasswordPage />, { url: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("falls back to 'Failed to send reset link. Please try again.'", async () => {
    mockApi({ 'POST /api/auth/forgot-password': { status: 500 } });
    renderPage(<ForgotPasswordPage />, { url: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send reset link. Please try again.',
    );
  });
});
