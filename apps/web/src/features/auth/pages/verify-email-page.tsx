import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { VERIFY_EMAIL_MESSAGES } from '@studycircle/shared';
import { getAuthToken } from '../../../lib/auth-token';
import { Alert } from '../../../ui/alert';
import { buttonClasses } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { profileQueryOptions } from '../api/get-profile';
import { useVerifyEmailMutation } from '../api/verify-email';
import { AuthLayout } from '../components/auth-layout';
import { errorMessage, networkErrorOr } from '../../../lib/http';
import { dispatchUserDataUpdated } from '../user-events';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * /verify-email/:token, the link in the verification mail (docs/product.md §3.12). Public: it may
 * open in a browser where nobody is signed in. It uses the link once on arrival and says plainly
 * whether the address is verified; when this browser is signed in, the signed-in user's flag is
 * refreshed from the server, so the banner goes without a reload (and only if this link verified
 * that same account).
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const verify = useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const signedIn = getAuthToken() !== null;
  // One request per visit, even when React runs the effect twice in development.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate(token, {
      onSuccess: (body) => {
        setOutcome({ ok: true, message: body.message });
        if (getAuthToken() === null) return;
        void queryClient
          .fetchQuery({ ...profileQueryOptions(), staleTime: 0 })
          .then((fresh) => {
            if (typeof fresh.emailVerified === 'boolean') {
              dispatchUserDataUpdated({ emailVerified: fresh.emailVerified });
            }
          })
          .catch(() => undefined);
      },
      onError: (err) =>
        setOutcome({
          ok: false,
          message: errorMessage(err, networkErrorOr(VERIFY_EMAIL_MESSAGES.linkInvalid)),
        }),
    });
  }, [token, verify, queryClient]);

  const next = signedIn
    ? { to: '/dashboard', label: 'Go to your dashboard' }
    : { to: '/login', label: 'Sign in' };

  return (
    <AuthLayout title="Verify your email" pageTitle="Verify your email">
      <div className="space-y-5 text-center">
        {!outcome && (
          <p
            role="status"
            className="flex items-center justify-center gap-2 text-sm text-slate-700"
          >
            <Spinner size="sm" />
            Checking your link…
          </p>
        )}
        {outcome?.ok && (
          <>
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-50 text-green-700">
              <CheckCircle2 aria-hidden="true" className="h-7 w-7" />
            </span>
            <p role="status" className="text-sm text-slate-700">
              {outcome.message}
            </p>
          </>
        )}
        {outcome && !outcome.ok && <Alert tone="error">{outcome.message}</Alert>}
        {outcome && (
          <Link to={next.to} className={buttonClasses('primary', 'md') + ' w-full'}>
            {next.label}
          </Link>
        )}
      </div>
    </AuthLayout>
  );
}
