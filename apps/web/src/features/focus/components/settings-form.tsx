import { useId } from 'react';
import {
  FOCUS_DEFAULTS,
  FOCUS_LIMITS,
  focusSettingsSchema,
  type FocusSettings,
} from '@studycircle/shared/focus';
import { cn } from '../../../ui/cn';
import { inputClasses } from '../../../ui/field';
import { TONE, type FocusTone } from './tone';

/** The settings form's values as typed (numbers arrive as text). */
export type SettingsDraft = Record<keyof FocusSettings, string>;

export function draftOf(settings: FocusSettings): SettingsDraft {
  return {
    focusMin: String(settings.focusMin),
    shortMin: String(settings.shortMin),
    longMin: String(settings.longMin),
    roundsBeforeLong: String(settings.roundsBeforeLong),
  };
}

/** The settings, or the first rule they break (the server checks the same rules). */
export function parseDraft(
  draft: SettingsDraft,
  minMinutes: number,
): { settings: FocusSettings } | { error: string } {
  const parsed = focusSettingsSchema(minMinutes).safeParse({
    focusMin: Number(draft.focusMin),
    shortMin: Number(draft.shortMin),
    longMin: Number(draft.longMin),
    roundsBeforeLong: Number(draft.roundsBeforeLong),
  });
  return parsed.success
    ? { settings: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? 'Check the timer settings' };
}

const FIELDS: { key: keyof FocusSettings; label: string; max: number; minutes: boolean }[] = [
  { key: 'focusMin', label: 'Focus (minutes)', max: FOCUS_LIMITS.focusMaxMin, minutes: true },
  { key: 'shortMin', label: 'Short break (minutes)', max: FOCUS_LIMITS.breakMaxMin, minutes: true },
  { key: 'longMin', label: 'Long break (minutes)', max: FOCUS_LIMITS.breakMaxMin, minutes: true },
  {
    key: 'roundsBeforeLong',
    label: 'Rounds before the long break',
    max: FOCUS_LIMITS.roundsMax,
    minutes: false,
  },
];

const CLASSIC =
  `The classic Pomodoro is ${FOCUS_DEFAULTS.focusMin} minutes of focus, ` +
  `${FOCUS_DEFAULTS.shortMin}-minute breaks and a ${FOCUS_DEFAULTS.longMin}-minute break ` +
  `after every ${FOCUS_DEFAULTS.roundsBeforeLong} rounds.`;

/** The timer's lengths, folded away under "Timer settings" (the classic 25/5/15/4 by default). */
export function SettingsForm({
  draft,
  onChange,
  minMinutes,
  tone,
}: {
  draft: SettingsDraft;
  onChange(draft: SettingsDraft): void;
  minMinutes: number;
  tone: FocusTone;
}) {
  const id = useId();
  return (
    <details className={cn('rounded-lg border px-3 py-2', TONE[tone].border)}>
      <summary
        className={cn(
          'cursor-pointer rounded text-sm font-medium focus-visible:outline-2',
          TONE[tone].text,
          TONE[tone].focusRing,
        )}
      >
        Timer settings
      </summary>
      <div className="mt-3 grid grid-cols-1 gap-3 min-[360px]:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.key} className="min-w-0 space-y-1.5">
            <label
              htmlFor={`${id}-${field.key}`}
              className={cn('block text-sm font-medium', TONE[tone].text)}
            >
              {field.label}
            </label>
            <input
              id={`${id}-${field.key}`}
              type="number"
              inputMode={field.minutes && minMinutes < 1 ? 'decimal' : 'numeric'}
              min={field.minutes ? minMinutes : 1}
              max={field.max}
              step={field.minutes && minMinutes < 1 ? 'any' : 1}
              value={draft[field.key]}
              onChange={(e) => onChange({ ...draft, [field.key]: e.target.value })}
              className={inputClasses}
            />
          </div>
        ))}
      </div>
      <p className={cn('mt-2 text-xs', TONE[tone].muted)}>{CLASSIC}</p>
    </details>
  );
}
