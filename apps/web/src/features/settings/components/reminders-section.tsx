import { useId, useState } from 'react';
import {
  REMIND_DAYS_BEFORE,
  saveReminderPreferences,
  useReminderPreferences,
  type RemindDaysBefore,
} from '../../reminders';
import { Alert } from '../../../ui/alert';
import { inputClasses } from '../../../ui/field';
import { SettingsSection } from './section';

const WHEN_LABELS: Record<RemindDaysBefore, string> = {
  0: 'On the due date',
  1: 'One day before the due date',
};

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof window.Notification === 'function' ? window.Notification.permission : 'unsupported';
}

/**
 * Opting in to browser notifications for tasks falling due (asks the browser's permission), and
 * when to be reminded. The bell lists due tasks whatever is chosen here.
 */
export function RemindersSection() {
  const prefs = useReminderPreferences();
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const checkboxId = useId();
  const whenId = useId();
  const active = prefs.notify && permission === 'granted';

  const onToggle = async (checked: boolean) => {
    if (!checked) {
      saveReminderPreferences({ notify: false });
      return;
    }
    if (permission === 'unsupported') return;
    const result =
      permission === 'granted' ? 'granted' : await window.Notification.requestPermission();
    setPermission(result);
    saveReminderPreferences({ notify: result === 'granted' });
  };

  return (
    <SettingsSection
      id="reminders"
      title="Reminders"
      description="Get a browser notification when a task falls due, while StudyCircle is open in a tab."
    >
      <div className="space-y-4">
        {permission === 'unsupported' && (
          <Alert tone="info">This browser cannot show notifications.</Alert>
        )}
        {permission === 'denied' && (
          <Alert tone="info">
            Notifications are blocked for this site. Allow them in your browser’s site settings to
            get reminders.
          </Alert>
        )}
        <div className="flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            checked={active}
            disabled={permission === 'unsupported' || permission === 'denied'}
            onChange={(event) => void onToggle(event.target.checked)}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-600"
          />
          <label htmlFor={checkboxId} className="text-sm text-slate-800">
            <span className="font-medium">Browser notifications for due tasks</span>
            <span className="block text-slate-600">
              Each task reminds you once; open tasks also show in the bell.
            </span>
          </label>
        </div>
        <div className="max-w-sm space-y-1.5">
          <label htmlFor={whenId} className="block text-sm font-medium text-slate-700">
            Remind me
          </label>
          <select
            id={whenId}
            value={prefs.remindDaysBefore}
            disabled={!active}
            onChange={(event) =>
              saveReminderPreferences({
                remindDaysBefore: Number(event.target.value) as RemindDaysBefore,
              })
            }
            className={inputClasses}
          >
            {REMIND_DAYS_BEFORE.map((days) => (
              <option key={days} value={days}>
                {WHEN_LABELS[days]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </SettingsSection>
  );
}
