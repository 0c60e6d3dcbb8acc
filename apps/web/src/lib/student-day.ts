import { useEffect, useState, useSyncExternalStore } from 'react';
import { dayInZone, isTimeZoneName } from '@studycircle/shared';
import { readString, removeKey, writeString } from './storage';

/**
 * The zone that decides the student's day in this browser (docs/decisions/0062): the zone saved
 * in Settings with the daily mail, remembered here whenever Settings reads or saves it so the
 * dashboard, the board and the bell work offline too; when none is saved, the browser's own.
 * Only the dashboard's quote, message and Kolkata clock keep Asia/Kolkata.
 */
export const STUDENT_TIME_ZONE_KEY = 'studentTimeZone';

/** How often a page re-reads today, so a task moves to Overdue soon after local midnight. */
export const DAY_REFRESH_MS = 60_000;

/** The browser's own IANA zone, or UTC when the engine does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The student's zone: the one saved in Settings, else the browser's. */
export function studentTimeZone(): string {
  const saved = readString(STUDENT_TIME_ZONE_KEY);
  return saved && isTimeZoneName(saved) ? saved : browserTimeZone();
}

/** Keeps the zone Settings answered (null: none saved, so the browser's zone decides). */
export function rememberStudentTimeZone(timeZone: string | null): void {
  const next = timeZone && isTimeZoneName(timeZone) ? timeZone : null;
  if (readString(STUDENT_TIME_ZONE_KEY) === next) return;
  if (next) writeString(STUDENT_TIME_ZONE_KEY, next);
  else removeKey(STUDENT_TIME_ZONE_KEY);
  notify();
}

/** Forgets the account's zone at sign-out (the next person's day is their own). */
export const forgetStudentTimeZone = () => rememberStudentTimeZone(null);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab saving Settings moves this tab's day too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STUDENT_TIME_ZONE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useStudentTimeZone(): string {
  return useSyncExternalStore(subscribe, studentTimeZone, browserTimeZone);
}

/** Today (yyyy-mm-dd) in the student's zone, renewed each minute so midnight moves tasks. */
export function useStudentToday(): string {
  const timeZone = useStudentTimeZone();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), DAY_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  return dayInZone(new Date(now), timeZone);
}
