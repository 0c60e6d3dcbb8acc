import { isArray, readJson, writeJson } from '../../lib/storage';

/**
 * Which task reminders were already shown as browser notifications (key `taskRemindersNotified`,
 * owned here), so each task notifies once per due date, across reloads and tabs.
 */
const KEY = 'taskRemindersNotified';
/** Enough for any real task list; the oldest entries go first. */
const MAX_ENTRIES = 500;

export function readNotified(): Set<string> {
  const list = readJson<unknown[]>(KEY, [], isArray);
  return new Set(list.filter((item): item is string => typeof item === 'string'));
}

/** Records keys as shown, keeping only those of tasks that still exist. */
export function markNotified(keys: readonly string[], liveTaskIds: ReadonlySet<string>): void {
  const kept = [...readNotified()].filter((key) => liveTaskIds.has(key.split('|')[0] ?? ''));
  const next = [...new Set([...kept, ...keys])].slice(-MAX_ENTRIES);
  writeJson(KEY, next);
}
