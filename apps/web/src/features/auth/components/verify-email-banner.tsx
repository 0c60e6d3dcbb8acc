import { useState } from 'react';
import { MailWarning, X } from 'lucide-react';
import { VERIFY_EMAIL_MESSAGES, verifyEmailBannerText } from '@studycircle/shared';
import { HttpError } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { PAGE_WIDTHS } from '../../../ui/page-width';
import { useResendVerificationMutation } from '../api/resend-verification';
import { errorMessage, networkErrorOr } from '../../../lib/http';
import { useAuth } from '../use-auth';
import { dispatchUserDataUpdated } from '../user-events';
import { dismissVerifyBanner, isVerifyBannerDismissed } from '../verify-banner-storage';

/**
 * The gentle reminder under the signed-in bar while the account's address is unverified
 * (docs/product.md §3.12): what to do, a Resend button, and a dismiss button that hides it for
 * this session. Shown only when the server said `emailVerified: false` (the sign-in answer or the
 * profile checked on start), so a cached user from an older build, with no flag at all, never
 * sees it flash, and a visitor on /tasks who is not signed in never sees it.
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const userId = typeof user?.id === 'string' ? user.id : '';
  const email = typeof user?.email === 'string' ? user.email : '';
  const [dismissedNow, setDismissedNow] = useState(false);
  const resend = useResendVerificationMutation();
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  if (user?.emailVerified !== false || dismissedNow || isVerifyBannerDismissed(userId)) {
    return null;
  }

  const onResend = () => {
    setOutcome(null);
    resend.mutate(undefined, {
      onSuccess: (body) => setOutcome({ tone: 'ok', text: body.message }),
      onError: (err) => {
        // Verified meanwhile (in another tab or browser): say so and let the banner go.
        if (err instanceof HttpError && err.status === 409) {
          dispatchUserDataUpdated({ emailVerified: true });
          return;
        }
        setOutcome({
          tone: 'error',
          text: errorMessage(err, networkErrorOr(VERIFY_EMAIL_MESSAGES.resendFailed)),
        });
      },
    });
  };

  const onDismiss = () => {
    if (userId) dismissVerifyBanner(userId);
    setDismissedNow(true);
  };

  return (
    <section aria-label="Email verification" className="border-b border-amber-200 bg-amber-50">
      <div
        className={cn(
          'mx-auto flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 sm:px-6 lg:px-8',
          PAGE_WIDTHS.wide,
        )}
      >
        <MailWarning aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-800" />
        <p className="min-w-0 flex-1 basis-48 text-sm break-words text-amber-900">
          {email ? verifyEmailBannerText(email) : 'Please verify your email address.'}
        </p>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" onClick={onResend} loading={resend.isPending}>
            Resend link
          </Button>
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Dismiss the verification reminder"
            className="rounded-lg p-1.5 text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
        {/* Always in the page, so the outcome of Resend is announced when it arrives. */}
        <p
          role="status"
          className={
            outcome?.tone === 'error'
              ? 'w-full text-sm text-red-800 empty:hidden'
              : 'w-full text-sm text-amber-900 empty:hidden'
          }
        >
          {outcome?.text}
        </p>
      </div>
    </section>
  );
}
