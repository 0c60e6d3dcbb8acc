import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage } from '../../../test/render';
import { sampleUser } from '../../../test/fixtures';
import { ProfilePage } from './profile-page';

describe('ProfilePage phone number', () => {
  it('refuses "abc" under the Phone field and sends nothing', async () => {
    localStorage.setItem('token', 'tok');
    const { calls } = mockApi({ 'GET /api/auth/profile': { body: { user: sampleUser } } });
    renderPage(<ProfilePage />, { url: '/dashboard/profile' });
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone');
    const name = screen.getByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, 'Asha Rao');
    await user.type(phone, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(
      'Phone number can only contain digits, spaces, +, - and parentheses',
    );
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });
});
