import { useEffect, useMemo, useState } from 'react';
import { readAllNotes, subscribeNotes, type NoteEntry } from '../notes';
import { readResources, subscribeResources, type Resource } from '../resources';
import { useRooms } from '../rooms';
import { useTasks } from '../tasks';
import type { AuthUser } from '../auth';
import { recentActivity, type ActivityItem } from './lib/activity';
import { syncStats, type StatsRecord } from './lib/stats-store';
import { tasksCreatedToday } from './lib/task-status';

/** docs/product.md §4.5: stats re-sync every 30 s, activity every 10 s, the clock every 60 s. */
export const STATS_REFRESH_MS = 30_000;
export const ACTIVITY_REFRESH_MS = 10_000;
export const CLOCK_REFRESH_MS = 60_000;

/** Re-renders every `ms`, returning the current time. */
export function useTicker(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/** A local list, re-read on its store's change events and on every tick. */
function useLocalList<T>(read: () => T[], subscribe: (l: () => void) => () => void, tick: Date) {
  const [list, setList] = useState(read);
  useEffect(() => subscribe(() => setList(read())), [read, subscribe]);
  useEffect(() => setList(read()), [read, tick]);
  return list;
}

/**
 * Everything the dashboard shows, from the local lists (tasks, notes, resources) and the rooms
 * API, refreshed on the timers of docs/product.md §4.5 and whenever a list changes.
 */
export function useDashboardData(user: AuthUser | null) {
  const statsTick = useTicker(STATS_REFRESH_MS);
  const activityTick = useTicker(ACTIVITY_REFRESH_MS);
  const tasks = useTasks();
  const notes: NoteEntry[] = useLocalList(readAllNotes, subscribeNotes, activityTick);
  const readUserResources = useMemo(() => () => readResources(user), [user]);
  const resources: Resource[] = useLocalList(readUserResources, subscribeResources, activityTick);
  const rooms = useRooms();
  const memberRooms = useMemo(() => (rooms.data ?? []).filter((r) => r.isMember), [rooms.data]);

  const counts = useMemo(
    () => ({
      activeRooms: memberRooms.length,
      notesCreated: notes.length,
      dailyTasks: tasksCreatedToday(tasks, statsTick),
    }),
    [memberRooms.length, notes.length, tasks, statsTick],
  );
  const [stats, setStats] = useState<StatsRecord>(() => syncStats(counts));
  useEffect(() => {
    setStats(syncStats(counts, statsTick));
  }, [counts, statsTick]);

  // Cheap to derive on each render; activityTick re-renders it (and its relative times).
  const activity: ActivityItem[] = recentActivity({ tasks, notes, resources });

  return {
    stats,
    tasks,
    notes,
    resources,
    activity,
    activityTick,
    rooms: memberRooms,
    roomsLoading: rooms.isPending,
    roomsFailed: rooms.isError && memberRooms.length === 0,
  };
}
