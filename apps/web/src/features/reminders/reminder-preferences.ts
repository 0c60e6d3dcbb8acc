import { useSyncExternalStore } from 'react';
import { isRecord, readString, writeJson } from '../../lib/storage';

/**
 * The reminder preferences chosen on the Settings page, under the `reminderPreferences` key (this
 * module alone touches it): whether to show a browser notification when a task falls due, and
 * how early. The browser's own permission is asked for when the person opts in; without it no
 * notification shows, whatever is stored here.
 */
export const REMINDER_PREFERENCES_KEY = 'reminderPreferences';
const CHANGE_EVENT = 'reminder-preferences-updated';

/** 0: on the due date; 1: the day before. */
export const REMIND_DAYS_BEFORE = [0, 1] as const;
export type RemindDaysBefore = (typeof REMIND_DAYS_BEFORE)[number];

export interface ReminderPreferences {
  notify: boolean;
  remindDaysBefore: RemindDaysBefore;
}

export const DEFAULT_REMINDER_PREFERENCES: ReminderPreferences = {
  notify: false,
  remindDaysBefore: 0,
};

/** Parses the stored value; anything unreadable falls back field by field to the defaults. */
export function parseReminderPreferences(raw: string | null): ReminderPreferences {
  let value: unknown;
  try {
    value = raw === null ? null : JSON.parse(raw);
  } catch {
    value = null;
  }
  if (!isRecord(value)) return DEFAULT_REMINDER_PREFERENCES;
  const days = value.remindDaysBefore;
  return {
    notify: value.notify === true,
    remindDaysBefore: REMIND_DAYS_BEFORE.includes(days as RemindDaysBefore)
      ? (days as RemindDaysBefore)
      : 0,
  };
}

let cachedRaw: string | null | undefined;
let cached = DEFAULT_REMINDER_PREFERENCES;
export function readReminderPreferences(): ReminderPreferences {
  const raw = readString(REMINDER_PREFERENCES_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseReminderPreferences(raw);
  }
  return cached;
}

export function saveReminderPreferences(update: Partial<ReminderPreferences>): void {
  writeJson(REMINDER_PREFERENCES_KEY, { ...readReminderPreferences(), ...update });
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === REMINDER_PREFERENCES_KEY || event.key === null) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useReminderPreferences(): ReminderPreferences {
  return useSyncExternalStore(
    subscribe,
    readReminderPreferences,
    () => DEFAULT_REMINDER_PREFERENCES,
  );
}
