import { useId, useMemo, useState } from 'react';
import { REMINDER_MAIL_HOUR, REMINDER_MAIL_MESSAGES } from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
// The zone this browser is in: what the mail follows unless the student picks another.
import { browserTimeZone } from '../../../lib/student-day';
import { Alert } from '../../../ui/alert';
import { inputClasses } from '../../../ui/field';
import { useAuth } from '../../auth';
import { useReminderMail, useSaveReminderMail } from '../api/reminder-mail';
import { SettingsSection } from './section';

/** Every zone the browser knows, with `keep` (the saved or detected one) sure to be listed. */
function zoneChoices(keep: string[]): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, ...keep])].sort();
}

const HOUR_LABEL = `${String(REMINDER_MAIL_HOUR).padStart(2, '0')}:00`;

/**
 * The daily task mail (docs/decisions/0025-daily-reminder-mail.md): off by default; turning it on
 * saves the time zone too (this browser's unless another is picked), since the mail's "today" and
 * its hour are counted there. Only for a verified address (decision 0017): until then the box is
 * off and the section says why.
 */
export function ReminderMailSection() {
  const { user } = useAuth();
  const settings = useReminderMail();
  const save = useSaveReminderMail();
  const checkboxId = useId();
  const hintId = useId();
  const zoneId = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const detected = useMemo(browserTimeZone, []);
  const timeZone = picked ?? settings.data?.timeZone ?? detected;
  const choices = useMemo(() => zoneChoices([detected, timeZone]), [detected, timeZone]);
  // While a change is being saved the box shows it already (and goes back if the save fails).
  const enabled = save.isPending ? save.variables.enabled : (settings.data?.enabled ?? false);
  const unverified = user?.emailVerified === false;

  const submit = (next: { enabled: boolean; timeZone: string }) => {
    setPicked(next.timeZone);
    save.mutate(next);
  };

  return (
    <SettingsSection
      id="reminder-mail"
      title="Daily task mail"
      description={`One e-mail a day, from ${HOUR_LABEL} in your time zone, listing your open tasks due today and tomorrow. No tasks due, no mail.`}
    >
      {settings.isPending ? (
        <p className="text-sm text-slate-600">Loading your mail settings…</p>
      ) : settings.isError ? (
        <Alert tone="error">
          {errorMessage(settings.error, 'Could not load your mail settings.')}
        </Alert>
      ) : (
        <div className="space-y-4">
          {unverified && <Alert tone="info">{REMINDER_MAIL_MESSAGES.needsVerifiedEmail}</Alert>}
          <div className="flex items-start gap-3">
            <input
              id={checkboxId}
              type="checkbox"
              checked={enabled}
              // Turning it off always works; turning it on needs a verified address.
              disabled={save.isPending || (unverified && !enabled)}
              aria-describedby={hintId}
              onChange={(event) => submit({ enabled: event.target.checked, timeZone })}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-600"
            />
            <label
              htmlFor={checkboxId}
              className="min-w-0 text-sm [overflow-wrap:anywhere] text-slate-800"
            >
              <span className="font-medium">
                Email me a daily summary of tasks due today and tomorrow
              </span>
              <span id={hintId} className="block text-slate-600">
                Sent to {user?.email ?? 'your address'}; lists the tasks saved to your account.
              </span>
            </label>
          </div>
          <div className="max-w-sm space-y-1.5">
            <label htmlFor={zoneId} className="block text-sm font-medium text-slate-700">
              Time zone
            </label>
            <select
              id={zoneId}
              value={timeZone}
              disabled={save.isPending || (unverified && !enabled)}
              onChange={(event) => submit({ enabled, timeZone: event.target.value })}
              className={inputClasses}
            >
              {choices.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
          </div>
          {save.isError ? (
            <Alert tone="error">
              {errorMessage(save.error, 'Could not save your mail settings. Please try again.')}
            </Alert>
          ) : (
            save.isSuccess && (
              <Alert tone="success">
                {enabled
                  ? `Saved. Your daily mail follows ${timeZone.replace(/_/g, ' ')} time.`
                  : 'Saved. No daily mail will be sent.'}
              </Alert>
            )
          )}
        </div>
      )}
    </SettingsSection>
  );
}
