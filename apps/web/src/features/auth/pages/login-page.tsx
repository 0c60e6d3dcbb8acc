import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, SIGNED_OUT_ELSEWHERE_MESSAGE, validateLogin } from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { useLoginMutation } from '../api/login';
import { readPrefillEmail } from '../auth-storage';
import { AuthLayout, authLinkClasses } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import { takePostLoginTarget } from '../post-login-redirect';
import { useAuth } from '../use-auth';
import { errorMessage, networkErrorOr } from '../../../lib/http';

/** How long the success message stays before the redirect, so it is seen and announced. */
const REDIRECT_DELAY_MS = 600;

/**
 * Sign-in (docs/product.md §3.1; checks §3.2; failures §3.10). Reached from
 * an invitation, app/ passes the invited address (prefilled) and a notice saying who invited the
 * visitor to which room; Create account keeps the way back (?redirect=).
 */
export function LoginPage({
  invitedEmail,
  notice,
}: { invitedEmail?: string | undefined; notice?: ReactNode } = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { completeSignIn, clearUser, endedElsewhere } = useAuth();
  const login = useLoginMutation();

  // The email comes from the last sign-in or the stored user; the password field then gets focus.
  const [email, setEmail] = useState(() => invitedEmail ?? readPrefillEmail());
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (emailRef.current?.value) passwordRef.current?.focus();
    else emailRef.current?.focus();
  }, []);

  const redirectTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending || success) return;
    setError(null);
    const problem = validateLogin({ email, password });
    if (problem) {
      setError(problem);
      return;
    }
    login.mutate(
      { email, password },
      {
        onSuccess: ({ token, user }) => {
          completeSignIn(token, user, email.trim());
          setSuccess(MESSAGES.loginSuccess);
          const target = takePostLoginTarget({
            pathname: location.pathname,
            hasFromState: Boolean((location.state as { from?: unknown } | null)?.from),
            redirectParam: searchParams.get('redirect'),
          });
          redirectTimer.current = window.setTimeout(
            () => navigate(target, { replace: true }),
            REDIRECT_DELAY_MS,
          );
        },
        onError: (err) => {
          clearUser();
          setError(errorMessage(err, networkErrorOr(MESSAGES.invalidCredentials)));
        },
      },
    );
  };

  return (
    <AuthLayout
      title="Welcome back"
      pageTitle="Sign In"
      notice={notice}
      subtitle="Sign in to continue to your study circles."
      footer={
        <>
          New to StudyCircle?{' '}
          <Link to={`/register${location.search}`} className={authLinkClasses}>
            Create account
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
        {/* Sent here because another device ended this one's session (docs/product.md §3.8). */}
        {endedElsewhere && !error && !success && (
          <Alert tone="info">{SIGNED_OUT_ELSEWHERE_MESSAGE}</Alert>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        {success && <Alert tone="success">{success}</Alert>}
        <Field
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={
            error === MESSAGES.emailRequired || error === MESSAGES.invalidEmail || undefined
          }
        />
        <div className="space-y-1.5">
          <PasswordField
            ref={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={
              error === MESSAGES.passwordRequired || error === MESSAGES.passwordMin6 || undefined
            }
          />
          <div className="text-right text-sm">
            <Link to="/forgot-password" className={authLinkClasses}>
              Forgot password?
            </Link>
          </div>
        </div>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={login.isPending}
          disabled={Boolean(success)}
        >
          {login.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
