import { Monitor, Moon, Sun } from 'lucide-react';
import { setThemePreference, useThemePreference, type ThemePreference } from '../../../lib/theme';
import { cn } from '../../../ui/cn';
import { SettingsSection } from './section';

const OPTIONS: { value: ThemePreference; label: string; hint: string; Icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', hint: 'Always light', Icon: Sun },
  { value: 'dark', label: 'Dark', hint: 'Always dark', Icon: Moon },
  { value: 'system', label: 'System', hint: 'Follow your device', Icon: Monitor },
];

/** Light, dark or the system's theme, applied to the whole app at once and remembered. */
export function ThemeSection() {
  const current = useThemePreference();
  return (
    <SettingsSection
      id="appearance"
      title="Appearance"
      description="Choose how StudyCircle looks on this device."
    >
      <fieldset>
        <legend className="sr-only">Theme</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {OPTIONS.map(({ value, label, hint, Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border p-3 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                current === value
                  ? 'border-brand-500 bg-brand-50 text-brand-800'
                  : 'border-slate-200 text-slate-700 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={current === value}
                onChange={() => setThemePreference(value)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
              <span className="min-w-0">
                <span className="block text-sm font-semibold">{label}</span>
                <span className="block text-xs text-slate-600">{hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
