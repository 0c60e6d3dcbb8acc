import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, MailCheck, ShieldCheck } from 'lucide-react';
import { MESSAGES } from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { Button, buttonClasses } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { useForgotPasswordMutation } from '../api/forgot-password';
import { AuthLayout, authLinkClasses } from '../components/auth-layout';
import { errorMessage, networkErrorOr } from '../../../lib/http';

/** Request a reset link (docs/product.md §3.4). */
export function ForgotPasswordPage() {
  const request = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() === '' || request.isPending) return;
    setError(null);
    request.mutate(email, {
      onSuccess: () => setSentTo(email.trim()),
      onError: (err) => setError(errorMessage(err, networkErrorOr(MESSAGES.forgotFailed))),
    });
  };

  // Resend Email returns to the form with the address cleared (docs/product.md §3.4).
  const resend = () => {
    setSentTo(null);
    setEmail('');
    request.reset();
    // The form replaces this view on the next render; focus its field so keyboard users land there.
    window.setTimeout(() => emailRef.current?.focus(), 0);
  };

  if (sentTo !== null) {
    return (
      <AuthLayout title="Check Your Email">
        <div className="space-y-5 text-center">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-50 text-green-700">
            <MailCheck aria-hidden="true" className="h-7 w-7" />
          </span>
          <p className="text-sm text-slate-700" role="status">
            If an account exists for <strong className="break-all">{sentTo}</strong>, we have sent a
            password reset link to it. The link expires in 1 hour.
          </p>
          <div className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-left text-xs text-slate-600">
            <ShieldCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
            <p>
              <span className="font-semibold text-slate-800">Security notice:</span> the link works
              once. If you did not ask to reset your password, ignore the email; your password stays
              the same. We will never ask for your password by email.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button variant="outline" className="flex-1" onClick={resend}>
              Resend Email
            </Button>
            <Link to="/login" className={buttonClasses('primary', 'md') + ' flex-1'}>
              Back to Login
            </Link>
          </div>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we will send you a link to set a new password."
      footer={
        <Link to="/login" className={`${authLinkClasses} inline-flex items-center gap-1`}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to Login
        </Link>
      }
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="space-y-5"
        aria-label="Reset password request"
      >
        {error && <Alert tone="error">{error}</Alert>}
        <Field
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          hint="The reset link expires in 1 hour."
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          loading={request.isPending}
          disabled={email.trim() === ''}
        >
          {request.isPending ? 'Sending…' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthLayout>
  );
}
