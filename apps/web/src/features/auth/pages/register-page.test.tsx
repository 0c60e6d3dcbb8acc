import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage } from '../../../test/render';
import { sampleUser } from '../../../test/fixtures';
import { REGISTER_SUCCESS_MESSAGE, RegisterPage } from './register-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const fill = async (
  name: string,
  email: string,
  password: string,
  advance?: typeof vi.advanceTimersByTime,
) => {
  const user = userEvent.setup(advance ? { advanceTimers: advance } : {});
  if (name) await user.type(screen.getByLabelText('Full Name'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
};

describe('RegisterPage', () => {
  it('labels its fields Full Name, Email and Password', () => {
    mockApi({});
    renderPage(<RegisterPage />, { url: '/register' });
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it.each([
    ['', '', '', 'Name is required'],
    ['A', '', '', 'Email is required'],
    ['A', 'a@b.co', '', 'Password is required'],
    ['A', 'a@b.co', 'secret1', 'Name must be at least 2 characters long'],
    ['Asha', 'a@b', 'secret1', 'Please enter a valid email address'],
    ['Asha', 'a@b.co', '12345', 'Password must be at least 6 characters long'],
  ])(
    'validates in the product order: "%s" "%s" "%s" -> %s',
    async (name, email, password, message) => {
      const { calls } = mockApi({});
      renderPage(<RegisterPage />, { url: '/register' });
      await fill(name, email, password);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(calls).toHaveLength(0);
    },
  );

  it('shows a success message and goes to /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({
      'POST /api/auth/register': { status: 201, body: { token: 't', user: sampleUser } },
    });
    const { currentLocation } = renderPage(<RegisterPage />, { url: '/register' });
    await fill('Asha Rao', 'asha@example.com', 'secret12', vi.advanceTimersByTime);
    expect(await screen.findByText(REGISTER_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/api/auth/register',
      body: { name: 'Asha Rao', email: 'asha@example.com', password: 'secret12' },
    });
    expect(localStorage.getItem('lastLoginEmail')).toBe('asha@example.com');
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(currentLocation().pathname).toBe('/register');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(currentLocation().pathname).toBe('/login');
  });

  it("shows the server's message on failure", async () => {
    const message = 'An account with this email already exists';
    mockApi({
      'POST /api/auth/register': { status: 409, body: { message, error: message, code: 'C' } },
    });
    renderPage(<RegisterPage />, { url: '/register' });
    await fill('Asha Rao', 'asha@example.com', 'secret12');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("falls back to 'HTTP error! status: {code}' without a server message", async () => {
    mockApi({ 'POST /api/auth/register': { status: 502 } });
    renderPage(<RegisterPage />, { url: '/register' });
    await fill('Asha Rao', 'asha@example.com', 'secret12');
    expect(await screen.findByRole('alert')).toHaveTextContent('HTTP error! status: 502');
  });

  it("falls back to 'Registration failed. Please try again.' when the request never arrives", async () => {
    mockApi({ 'POST /api/auth/register': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderPage(<RegisterPage />, { url: '/register' });
    await fill('Asha Rao', 'asha@example.com', 'secret12');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed. Please try again.',
    );
  });
});
