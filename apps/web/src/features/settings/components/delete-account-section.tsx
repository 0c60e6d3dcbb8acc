import { startTransition, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../ui/dialog';
import { toast } from '../../../ui/toast';
import { PasswordField, forgetAccount, useAuth } from '../../auth';
import { useDeleteAccount } from '../api/delete-account';
import { SettingsSection } from './section';

/**
 * Deleting the account, confirmed with the password in a dialog. Afterwards this browser forgets
 * the session and the account's cached data and goes to /login.
 */
export function DeleteAccountSection() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { clearUser, endingOwnSession } = useAuth();
  const mutation = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setPassword('');
      setError(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '' || mutation.isPending) return;
    setError(null);
    // The server ends this device's session with the account, and its live link may say so
    // before the answer arrives: that must not read as "signed out on another device" (which
    // would also unmount this page before it could say the account is gone).
    endingOwnSession(async () => {
      await mutation.mutateAsync({ password });
      forgetAccount();
    }).then(
      () => {
        queryClient.clear();
        // One transition for both (React Router navigates in a transition): the route guard
        // must never render this page signed out, or it would remember /settings as the
        // place to return to after the next sign-in.
        startTransition(() => {
          navigate('/login', { replace: true });
          clearUser();
        });
        toast(ACCOUNT_MESSAGES.accountDeleted, { tone: 'success' });
      },
      (err: unknown) => setError(errorMessage(err, ACCOUNT_MESSAGES.deleteFailed)),
    );
  };

  return (
    <SettingsSection
      id="delete-account"
      title="Delete account"
      description="Permanently delete your account. This cannot be undone."
    >
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogTrigger asChild>
          <Button variant="danger">Delete account</Button>
        </DialogTrigger>
        <DialogContent
          title="Delete your account?"
          description="Enter your password to confirm. This cannot be undone."
        >
          <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>Your profile, memberships and chat messages are deleted.</li>
            <li>
              Rooms you own pass to their longest-standing admin, or member; rooms with nobody else
              in them are deleted.
            </li>
            <li>Tasks, notes and resources kept in this browser stay on this device.</li>
          </ul>
          <form onSubmit={onSubmit} className="space-y-4" noValidate>
            {error && <Alert tone="error">{error}</Alert>}
            <PasswordField
              label="Password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
            />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant="danger"
                disabled={password === ''}
                loading={mutation.isPending}
              >
                Delete my account
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </SettingsSection>
  );
}
