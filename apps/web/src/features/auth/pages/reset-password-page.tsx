import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CheckCircle2, CircleCheck, CircleX } from 'lucide-react';
import { MESSAGES, TIMINGS, validateReset } from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { Button, buttonClasses } from '../../../ui/button';
import { useResetPasswordMutation } from '../api/reset-password';
import { AuthLayout, authLinkClasses } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { PasswordStrength } from '../components/password-strength';
import { errorMessage, networkErrorOr } from '../../../lib/http';

/** Set a new password from an emailed link (docs/product.md §3.5). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    setError(null);
    const problem = validateReset({ password, confirmPassword });
    if (problem) {
      setError(problem);
      return;
    }
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          setDone(true);
          redirectTimer.current = window.setTimeout(
            () => navigate('/login', { replace: true }),
            TIMINGS.redirectAfterResetMs,
          );
        },
        onError: (err) => setError(errorMessage(err, networkErrorOr(MESSAGES.resetFailed))),
      },
    );
  };

  if (done) {
    return (
      <AuthLayout title="Password Reset Successful">
        <div className="space-y-5 text-center">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-50 text-green-700">
            <CheckCircle2 aria-hidden="true" className="h-7 w-7" />
          </span>
          <p role="status" className="text-sm text-slate-700">
            Your password has been changed. Redirecting you to sign in in 3 seconds...
          </p>
          <Link to="/login" replace className={buttonClasses('primary', 'md') + ' w-full'}>
            Go to Login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  const bothFilled = password !== '' && confirmPassword !== '';
  const matches = password === confirmPassword;

  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose a strong password you have not used here before."
      footer={
        <Link to="/login" className={authLinkClasses}>
          Back to Login
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Set a new password">
        {error && <Alert tone="error">{error}</Alert>}
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          revealLabel="new password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordStrength password={password} />
        <div className="space-y-1.5">
          <PasswordField
            label="Confirm Password"
            name="confirmPassword"
            autoComplete="new-password"
            revealLabel="confirmation"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
          <p aria-live="polite" className="min-h-5 text-sm">
            {confirmPassword !== '' &&
              (matches ? (
                <span className="inline-flex items-center gap-1.5 text-green-700">
                  <CircleCheck aria-hidden="true" className="h-4 w-4" />
                  {MESSAGES.passwordsMatch}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1.5 text-red-700">
                  <CircleX aria-hidden="true" className="h-4 w-4" />
                  {MESSAGES.passwordsDontMatch}
                </span>
              ))}
          </p>
        </div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={reset.isPending}
          disabled={!bothFilled}
        >
          {reset.isPending ? 'Resetting…' : 'Reset Password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
