import { CalendarCheck2, Hourglass } from 'lucide-react';
import { FOCUS_MESSAGES } from '@studycircle/shared/focus';
import { StatCard } from '../../../ui/stat-card';
import { useFocusStats } from '../api/get-focus-stats';

/**
 * The dashboard's focus figures (docs/product.md §4.9), beside the Study Streak card and apart
 * from it: the focus streak (a day counts with a completed focus round or a completed task, in
 * Asia/Kolkata days) and this week's focus minutes, both counted on the server.
 */
export default function FocusStatsCard() {
  const stats = useFocusStats();
  const data = stats.data;
  const streak = data?.streak.days ?? 0;
  const minutes = data?.week.focusMinutes ?? 0;
  const waiting = stats.isPending;
  return (
    <section aria-labelledby="focus-figures-title" className="mt-4">
      <h2 id="focus-figures-title" className="sr-only">
        Focus together
      </h2>
      {stats.isError && !data ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
          {FOCUS_MESSAGES.statsFailed}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          <StatCard
            size="sm"
            testId="focus-Focus streak"
            label="Focus streak"
            value={streak}
            unit={streak === 1 ? 'day' : 'days'}
            detail={
              waiting
                ? 'Loading…'
                : data?.streak.countsToday
                  ? 'Today counts already'
                  : 'A focus round or a task done keeps it going today'
            }
            Icon={CalendarCheck2}
            tone="bg-amber-50 text-amber-800"
          />
          <StatCard
            size="sm"
            testId="focus-Focus this week"
            label="Focus this week"
            value={minutes}
            unit={minutes === 1 ? 'minute' : 'minutes'}
            detail={
              waiting
                ? 'Loading…'
                : `${data?.week.sessions ?? 0} ${data?.week.sessions === 1 ? 'round' : 'rounds'}, ${data?.week.goalsDone ?? 0} ${data?.week.goalsDone === 1 ? 'goal' : 'goals'} done since Monday`
            }
            Icon={Hourglass}
            tone="bg-sky-50 text-sky-800"
          />
        </ul>
      )}
    </section>
  );
}
