import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage } from '../../../test/render';
import { sampleUser } from '../../../test/fixtures';
import { LoginPage } from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fill = async (email: string, password: string) => {
  const user = userEvent.setup();
  const emailBox = screen.getByLabelText('Email');
  await user.clear(emailBox);
  if (email) await user.type(emailBox, email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
};

describe('LoginPage', () => {
  it('has Email, Password, Forgot password and Create account', () => {
    mockApi({});
    renderPage(<LoginPage />, { url: '/login' });
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: /forgot password/i })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('shows and hides the password', async () => {
    mockApi({});
    renderPage(<LoginPage />, { url: '/login' });
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(password).toHaveAttribute('type', 'password');
  });

  it('prefills the email from lastLoginEmail and focuses the password', async () => {
    localStorage.setItem('lastLoginEmail', 'last@example.com');
    localStorage.setItem('user', JSON.stringify({ email: 'stored@example.com' }));
    mockApi({});
    renderPage(<LoginPage />, { url: '/login' });
    expect(screen.getByLabelText('Email')).toHaveValue('last@example.com');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('falls back to the stored user email for the prefill', async () => {
    localStorage.setItem('user', JSON.stringify({ email: 'stored@example.com' }));
    mockApi({});
    renderPage(<LoginPage />, { url: '/login' });
    expect(screen.getByLabelText('Email')).toHaveValue('stored@example.com');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it.each([
    ['', '', 'Email is required'],
    ['a@b.co', '', 'Password is required'],
    ['not an email', 'secret1', 'Please enter a valid email address'],
    ['a@b.co', '12345', 'Password must be at least 6 characters long'],
  ])('validates in the product order: "%s" / "%s" -> %s', async (email, password, message) => {
    const { calls } = mockApi({});
    renderPage(<LoginPage />, { url: '/login' });
    await fill(email, password);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls).toHaveLength(0);
  });

  it('signs in, stores the token, remembers the email and goes to /dashboard', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': { body: { token: 'tok-1', user: sampleUser } },
    });
    const { currentLocation } = renderPage(<LoginPage />, { url: '/login' });
    await fill('asha@example.com', 'secret12');
    expect(await screen.findByText('Login successful! Redirecting...')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/api/auth/login',
      method: 'POST',
      body: { email: 'asha@example.com', password: 'secret12' },
    });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('lastLoginEmail')).toBe('asha@example.com');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'asha Rao' });
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard'));
  });

  it('goes to the saved postLoginRedirect after sign-in and clears it', async () => {
    sessionStorage.setItem('postLoginRedirect', '/tasks?view=all#today');
    mockApi({ 'POST /api/auth/login': { body: { token: 'tok', user: sampleUser } } });
    const { currentLocation } = renderPage(<LoginPage />, { url: '/login' });
    await fill('asha@example.com', 'secret12');
    await waitFor(() => expect(currentLocation().pathname).toBe('/tasks'));
    expect(currentLocation().search).toBe('?view=all');
    expect(currentLocation().hash).toBe('#today');
    expect(sessionStorage.getItem('postLoginRedirect')).toBeNull();
  });

  it("shows the server's message on failure", async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 401,
        body: { message: 'Invalid credentials', error: 'Invalid credentials', code: 'X' },
      },
    });
    renderPage(<LoginPage />, { url: '/login' });
    await fill('asha@example.com', 'wrongpass');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("falls back to 'Invalid credentials' when the server gives no message", async () => {
    mockApi({ 'POST /api/auth/login': { status: 401 } });
    renderPage(<LoginPage />, { url: '/login' });
    await fill('asha@example.com', 'wrongpass');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid credentials$/);
  });
});
