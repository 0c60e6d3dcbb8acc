import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, TIMINGS, validateRegister } from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { errorMessage, HttpError } from '../../../lib/http';
import { useRegisterMutation } from '../api/register';
import { storeLastLoginEmail } from '../auth-storage';
import { AuthLayout, authLinkClasses } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { isSafeTarget } from '../post-login-redirect';

export const REGISTER_SUCCESS_MESSAGE = 'Account created successfully! Redirecting to sign in...';

/**
 * docs/product.md §3.10: the server's message, else 'HTTP error! status: {code}' (which lib/http
 * already puts in the error when the body had no message), else the generic sentence.
 */
function registrationError(error: unknown): string {
  return errorMessage(error, (e) =>
    e instanceof HttpError && e.status > 0 ? e.message : MESSAGES.registrationFailed,
  );
}

/**
 * Registration (docs/product.md §3.3). A ?redirect= (an invitation
 * the visitor is answering) is kept on the way to sign-in; app/ passes the invited address, which
 * is prefilled, and a notice naming the inviter and the room.
 */
export function RegisterPage({
  invitedEmail,
  notice,
}: { invitedEmail?: string | undefined; notice?: ReactNode } = {}) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const keepRedirect = isSafeTarget(redirect) ? `?redirect=${encodeURIComponent(redirect)}` : '';
  const register = useRegisterMutation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(invitedEmail ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);

  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending || success) return;
    setError(null);
    const problem = validateRegister({ name, email, password });
    if (problem) {
      setError(problem);
      return;
    }
    register.mutate(
      { name, email, password },
      {
        onSuccess: () => {
          // The login screen prefills this address, so signing in takes one field.
          storeLastLoginEmail(email);
          setSuccess(true);
          redirectTimer.current = window.setTimeout(
            () => navigate(`/login${keepRedirect}`, { replace: true }),
            TIMINGS.redirectAfterRegisterMs,
          );
        },
        onError: (err) => setError(registrationError(err)),
      },
    );
  };

  const nameErrors: string[] = [MESSAGES.nameRequired, MESSAGES.nameMin2];
  const emailErrors: string[] = [MESSAGES.emailRequired, MESSAGES.invalidEmail];
  const passwordErrors: string[] = [MESSAGES.passwordRequired, MESSAGES.passwordMin6];
  const invalid = (list: string[]) => (error !== null && list.includes(error)) || undefined;

  return (
    <AuthLayout
      title="Create your account"
      pageTitle="Create Account"
      notice={notice}
      subtitle="Free to join, no credit card required."
      footer={
        <>
          Already have an account?{' '}
          <Link to={`/login${keepRedirect}`} className={authLinkClasses}>
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Create account">
        {error && <Alert tone="error">{error}</Alert>}
        {success && <Alert tone="success">{REGISTER_SUCCESS_MESSAGE}</Alert>}
        <Field
          label="Full Name"
          name="name"
          autoComplete="name"
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={invalid(nameErrors)}
        />
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={invalid(emailErrors)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={invalid(passwordErrors)}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={register.isPending}
          disabled={success}
        >
          {register.isPending ? 'Creating account…' : 'Create Account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
