import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage } from '../../../test/render';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderReset = () =>
  renderPage(<ResetPasswordPage />, {
    url: '/reset-password/tok123',
    pattern: '/reset-password/:token',
  });

describe('ResetPasswordPage', () => {
  it('walks the strength meter through its six labels', async () => {
    mockApi({});
    renderReset();
    const user = userEvent.setup();
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuetext', 'Very Weak');
    const field = screen.getByLabelText('New Password');
    const steps: [string, string][] = [
      ['a', 'Weak'],
      ['A', 'Fair'],
      ['1', 'Good'],
      ['!', 'Strong'],
      ['bcde', 'Very Strong'],
    ];
    for (const [text, label] of steps) {
      await user.type(field, text);
      expect(meter).toHaveAttribute('aria-valuetext', label);
    }
  });

  it('ticks off the requirements list', async () => {
    mockApi({});
    renderReset();
    const user = userEvent.setup();
    const list = screen.getByRole('list', { name: 'Password requirements' });
    expect(list).toHaveTextContent('At least 8 characters (not met)');
    await user.type(screen.getByLabelText('New Password'), 'abcdefgh');
    expect(list).toHaveTextContent('At least 8 characters (met)');
    expect(list).toHaveTextContent('One lowercase letter (met)');
    expect(list).toHaveTextContent('One uppercase letter (not met)');
  });

  it('shows a live match indicator and enables submit only when both fields are filled', async () => {
    mockApi({});
    renderReset();
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Reset Password' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('New Password'), 'Abcdefg1');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm Password'), 'Abc');
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(submit).toBeEnabled();
    await user.type(screen.getByLabelText('Confirm Password'), 'defg1');
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
  });

  it.each([
    ['short', 'short', 'Password must be at least 8 characters long'],
    ['abcdefgh', 'abcdefgX', 'Passwords do not match'],
    [
      'abcdefgh',
      'abcdefgh',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ],
  ])('validates in the product order: "%s" / "%s" -> %s', async (password, confirm, message) => {
    const { calls } = mockApi({});
    renderReset();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), password);
    await user.type(screen.getByLabelText('Confirm Password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls).toHaveLength(0);
  });

  it('submits, shows the success view and goes to /login after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({ 'POST /api/auth/reset-password/tok123': { body: { ok: true } } });
    const { currentLocation } = renderReset();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('New Password'), 'Abcdefg1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Abcdefg1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByRole('heading', { name: 'Password Reset Successful' }),
    ).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { password: 'Abcdefg1' } });
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(currentLocation().pathname).toBe('/reset-password/tok123');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(currentLocation().pathname).toBe('/login');
  });

  it("shows the server's message, else 'Failed to reset password. The link may have expired.'", async () => {
    mockApi({ 'POST /api/auth/reset-password/tok123': { status: 500 } });
    renderReset();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), 'Abcdefg1');
    await user.type(screen.getByLabelText('Confirm Password'), 'Abcdefg1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset password. The link may have expired.',
    );
  });
});
