import {
  setCallShortcutMode,
  useCallShortcutMode,
  type CallShortcutMode,
} from '../../../lib/call-shortcuts';
import { cn } from '../../../ui/cn';
import { SettingsSection } from './section';

const OPTIONS: { value: CallShortcutMode; label: string; hint: string }[] = [
  { value: 'single', label: 'Single keys', hint: 'M, C, D, H, L and S' },
  { value: 'alt', label: 'With Alt', hint: 'Shift+Alt+M and so on (Shift+Option on a Mac)' },
  { value: 'off', label: 'Off', hint: 'Use the buttons only' },
];

/**
 * How the call's keyboard shortcuts are pressed on this device (lib/call-shortcuts.ts): single
 * letters can be changed or turned off, as WCAG 2.1.4 asks (docs/decisions/0053).
 */
export function CallShortcutsSection() {
  const current = useCallShortcutMode();
  return (
    <SettingsSection
      id="call-shortcuts"
      title="Keyboard shortcuts in calls"
      description="Mic, camera, chat, raise hand, leave and share screen from the keyboard on this device. Leaving always asks first."
    >
      <fieldset>
        <legend className="sr-only">Keyboard shortcuts in calls</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {OPTIONS.map(({ value, label, hint }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer flex-col rounded-xl border p-3 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                current === value
                  ? 'border-brand-500 bg-brand-50 text-brand-800'
                  : 'border-slate-200 text-slate-700 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="call-shortcuts"
                value={value}
                checked={current === value}
                onChange={() => setCallShortcutMode(value)}
                className="sr-only"
              />
              <span className="block text-sm font-semibold">{label}</span>
              <span className="block text-xs text-slate-600">{hint}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
