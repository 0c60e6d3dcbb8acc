import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import type { DeviceSession, DeviceType } from '@studycircle/shared';
import { formatDateTime, relativeTime } from '../../../lib/dates';
import { errorMessage } from '../../../lib/http';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ConfirmStep, useConfirmStep } from '../../../ui/confirm-step';
import { useAuth } from '../../auth';
import { useEndSession, useSessions } from '../api/sessions';
import { SettingsSection } from './section';

/** "Last active" is refreshed every few minutes at most (the server's precision): say so. */
const RECENT_MS = 5 * 60_000;

function lastActive(session: DeviceSession): string {
  const at = Date.parse(session.lastSeenAt);
  return Date.now() - at < RECENT_MS
    ? 'Active now'
    : `Last active ${relativeTime(at).toLowerCase()}`;
}

const DEVICE_TYPES: Record<DeviceType, { label: string; Icon: typeof Monitor }> = {
  desktop: { label: 'Desktop', Icon: Monitor },
  phone: { label: 'Phone', Icon: Smartphone },
  tablet: { label: 'Tablet', Icon: Tablet },
};

/**
 * One device: what it is (browser, system, kind), when it signed in to the minute and when it was
 * last active, so two sign-ins from the same kind of browser can still be told apart.
 */
function DeviceRow({ session, children }: { session: DeviceSession; children?: ReactNode }) {
  const kind = session.deviceType ? DEVICE_TYPES[session.deviceType] : null;
  const Icon = kind?.Icon ?? Monitor;
  const details = [
    kind?.label,
    session.browser && session.system ? `${session.browser} · ${session.system}` : null,
  ].filter(Boolean);
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 py-3"
      data-testid="device-session"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">
            {session.device}
            {session.current && (
              <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                This device
              </span>
            )}
          </p>
          {details.length > 0 && <p className="text-xs text-slate-600">{details.join(' · ')}</p>}
          <p className="text-xs text-slate-600">
            Signed in {formatDateTime(session.signedInAt)} · {lastActive(session)}
          </p>
        </div>
      </div>
      {children}
    </li>
  );
}

/**
 * The devices signed in to the account (docs/product.md §3.8): each sign-in is a session of its
 * own, so Sign Out elsewhere leaves this one alone. Another device can be signed out from here;
 * "Sign out of all devices" ends every session, this one too, after a confirmation.
 */
export function SignedInDevicesSection() {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const sessions = useSessions();
  const endOne = useEndSession();
  const step = useConfirmStep();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signOutEverywhere = () => {
    setPending(true);
    setError(null);
    signOut(true)
      .then(() => navigate('/login', { replace: true }))
      .catch((err: unknown) => {
        setPending(false);
        setError(errorMessage(err, 'Could not sign out of all devices. Please try again.'));
      });
  };

  return (
    <SettingsSection
      id="signed-in-devices"
      title="Signed-in devices"
      description="Where your account is signed in. Sign Out on one device leaves the others signed in."
    >
      {sessions.isPending ? (
        <p className="text-sm text-slate-600">Loading your devices…</p>
      ) : sessions.isError ? (
        <Alert tone="error">{errorMessage(sessions.error, 'Could not load your devices.')}</Alert>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Signed-in devices">
          {sessions.data.map((session) => (
            <DeviceRow key={session.id} session={session}>
              {!session.current && (
                <Button
                  variant="outline"
                  size="sm"
                  loading={endOne.isPending && endOne.variables === session.id}
                  onClick={() => endOne.mutate(session.id)}
                  aria-label={`Sign out ${session.device}, signed in ${formatDateTime(session.signedInAt)}`}
                >
                  Sign out
                </Button>
              )}
            </DeviceRow>
          ))}
        </ul>
      )}
      {endOne.isError && (
        <Alert tone="error">{errorMessage(endOne.error, 'Could not sign that device out.')}</Alert>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="mt-4">
        {step.confirming ? (
          <ConfirmStep
            label="Confirm signing out of all devices"
            question="Sign out everywhere, this device included?"
            confirmLabel="Sign out of all devices"
            onConfirm={signOutEverywhere}
            onCancel={step.cancel}
            pending={pending}
          />
        ) : (
          <Button ref={step.triggerRef} variant="outline" onClick={step.ask}>
            Sign out of all devices
          </Button>
        )}
      </div>
    </SettingsSection>
  );
}
