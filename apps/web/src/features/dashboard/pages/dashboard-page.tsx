import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  BookOpen,
  CheckSquare,
  FolderOpen,
  Moon,
  Sun,
  Sunrise,
  Sunset,
  Users,
} from 'lucide-react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { displayName, useAuth } from '../../auth';
import { formatDashboardDate, greetingForHour, hourInTimeZone } from '../greeting';

/** The clock refreshes every 60 s (spec section 9). */
const CLOCK_REFRESH_MS = 60_000;

const QUICK_LINKS = [
  {
    to: '/dashboard/rooms',
    title: 'Rooms',
    body: 'Create a study room or join one with a code, then start a video call.',
    Icon: Users,
    tone: 'bg-brand-50 text-brand-700',
  },
  {
    to: '/dashboard/notes',
    title: 'Notes',
    body: 'Write text notes and keep your PDFs and images in one place.',
    Icon: BookOpen,
    tone: 'bg-purple-50 text-purple-700',
  },
  {
    to: '/tasks',
    title: 'Tasks',
    body: 'Plan, track, and complete your study tasks.',
    Icon: CheckSquare,
    tone: 'bg-green-50 text-green-700',
  },
  {
    to: '/resources',
    title: 'Resources',
    body: 'Share useful links, guides and cheat sheets with your circles.',
    Icon: FolderOpen,
    tone: 'bg-orange-50 text-orange-700',
  },
] as const;

/** Spec section 2: the time-of-day icon switches at 5, 12, 17 and 21. */
function TimeOfDayIcon({ hour }: { hour: number }) {
  const Icon =
    hour >= 5 && hour < 12
      ? Sunrise
      : hour < 17 && hour >= 12
        ? Sun
        : hour >= 17 && hour < 21
          ? Sunset
          : Moon;
  return <Icon aria-hidden="true" className="h-8 w-8" />;
}

/** The signed-in home: greeting, today's date in India Standard Time, and the four destinations. */
export function DashboardPage() {
  const { user } = useAuth();
  const [now, setNow] = useState(() => new Date());
  useDocumentTitle('Dashboard');

  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  const hour = hourInTimeZone(now);
  const name = displayName(user);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <section
        aria-labelledby="dashboard-greeting"
        className="flex items-center gap-4 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-800 p-6 text-white shadow-sm sm:p-8"
      >
        <span className="hidden h-14 w-14 shrink-0 items-center justify-center rounded-2xl bg-white/15 sm:flex">
          <TimeOfDayIcon hour={hour} />
        </span>
        <div>
          <h1 id="dashboard-greeting" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {greetingForHour(hour)}, {name}!
          </h1>
          <p className="mt-1 text-sm text-brand-100">
            <time dateTime={now.toISOString()}>{formatDashboardDate(now)}</time>
          </p>
        </div>
      </section>

      <section aria-labelledby="quick-links" className="mt-8">
        <h2 id="quick-links" className="text-lg font-semibold text-slate-900">
          Where to next?
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_LINKS.map(({ to, title, body, Icon, tone }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 motion-reduce:hover:translate-y-0"
              >
                <span className={`flex h-11 w-11 items-center justify-center rounded-xl ${tone}`}>
                  <Icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <span className="mt-4 flex items-center gap-1 font-semibold text-slate-900">
                  {title}
                  <ArrowRight
                    aria-hidden="true"
                    className="h-4 w-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-600"
                  />
                </span>
                <span className="mt-1 text-sm text-slate-600">{body}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
