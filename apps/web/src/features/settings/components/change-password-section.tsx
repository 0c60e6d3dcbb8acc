import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, validateReset } from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { PasswordField, useAuth } from '../../auth';
import { useChangePassword } from '../api/change-password';
import { SettingsSection } from './section';

const FALLBACK = 'Failed to change password';

/**
 * Current and new password, with the reset-password rules of docs/product.md §3.5. The server signs
 * out every other session and answers a fresh token, which keeps this one signed in.
 */
export function ChangePasswordSection() {
  const { user, completeSignIn } = useAuth();
  const mutation = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const problem =
      current === ''
        ? ACCOUNT_MESSAGES.currentPasswordRequired
        : validateReset({ password: next, confirmPassword: confirm });
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    mutation.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: ({ token, user: fresh }) => {
          const email = typeof fresh.email === 'string' ? fresh.email : String(user?.email ?? '');
          completeSignIn(token, { ...(user ?? {}), ...fresh }, email);
          setCurrent('');
          setNext('');
          setConfirm('');
          setDone(true);
        },
        onError: (err) => setError(errorMessage(err, FALLBACK)),
      },
    );
  };

  return (
    <SettingsSection
      id="password"
      title="Change password"
      description="Signing in elsewhere ends when you change it; this browser stays signed in."
    >
      <form className="max-w-md space-y-4" onSubmit={onSubmit} noValidate>
        {error && <Alert tone="error">{error}</Alert>}
        {done && <Alert tone="success">{ACCOUNT_MESSAGES.passwordChanged}</Alert>}
        <PasswordField
          label="Current Password"
          revealLabel="current password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          autoComplete="current-password"
        />
        <PasswordField
          label="New Password"
          revealLabel="new password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          autoComplete="new-password"
          hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
        />
        <PasswordField
          label="Confirm New Password"
          revealLabel="new password confirmation"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          autoComplete="new-password"
        />
        <Button
          type="submit"
          loading={mutation.isPending}
          disabled={current === '' || next === '' || confirm === ''}
        >
          Change Password
        </Button>
      </form>
    </SettingsSection>
  );
}
