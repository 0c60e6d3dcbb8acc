import type { ReactNode } from 'react';
import { dayInZone } from '@studycircle/shared';
import { Link, useNavigate } from 'react-router';
import {
  BookOpen,
  CalendarDays,
  CheckCircle2,
  CheckSquare,
  Clock,
  ExternalLink,
  FileText,
  Flame,
  FolderOpen,
  LogIn,
  Moon,
  Plus,
  Quote as QuoteIcon,
  Sun,
  Sunrise,
  Sunset,
  Upload,
  Users,
} from 'lucide-react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { buttonClasses } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { pageClasses } from '../../../ui/page-width';
import { StatCard } from '../../../ui/stat-card';
import { formatDateOnly, formatDay, relativeTime } from '../../../lib/dates';
import { useStudentTimeZone } from '../../../lib/student-day';
import { displayName, useAuth } from '../../auth';
import { resourceTypeLabel, safeHref } from '../../resources';
import { FocusStatsCard } from '../../focus';
import { roomIdOf, roomsDialogState } from '../../rooms';
import { Panel } from '../components/panel';
import { DAILY_MESSAGES, DAILY_QUOTES } from '../lib/daily-words';
import { pickForDay } from '../lib/day-of-year';
import { greetingBanner, type TimeOfDay } from '../lib/greeting';
import { taskDisplayStatus, type TaskDisplayStatus } from '../lib/task-status';
import { CLOCK_REFRESH_MS, useDashboardData, useTicker } from '../use-dashboard-data';

/** docs/product.md §4.6: the dashboard's list lengths. */
const TASK_PREVIEW = 5;
const RESOURCES_SHOWN = 4;
const ROOMS_SHOWN = 4;
const NOTES_SHOWN = 4;

const TIME_OF_DAY_ICON: Record<TimeOfDay, typeof Sun> = {
  morning: Sunrise,
  afternoon: Sun,
  evening: Sunset,
  night: Moon,
};

/** docs/product.md §4.7: the dashboard's task status by colour, with its word beside it. */
const STATUS_STYLE: Record<TaskDisplayStatus, { label: string; tone: BadgeTone }> = {
  completed: { label: 'Completed', tone: 'success' },
  overdue: { label: 'Overdue', tone: 'danger' },
  upcoming: { label: 'Upcoming', tone: 'info' },
};

function QuickAction({
  label,
  Icon,
  onClick,
}: {
  label: string;
  Icon: typeof Sun;
  onClick: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        className="flex w-full flex-col items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-3 py-4 text-sm font-medium text-slate-800 transition-colors hover:border-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Icon aria-hidden="true" className="h-5 w-5 text-brand-600" />
        {label}
      </button>
    </li>
  );
}

function Row({ children }: { children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-3 border-b border-slate-100 py-2.5 last:border-b-0">
      {children}
    </li>
  );
}

/**
 * The signed-in home (/dashboard, docs/product.md §4): a greeting by the student's own hour with a
 * daily message and quote, the date and time in Asia/Kolkata (and the student's own time when it
 * differs), four stat cards and six panels, all
 * derived from the user's real data (local lists and the rooms API); no placeholder figures.
 */
export function DashboardPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const now = useTicker(CLOCK_REFRESH_MS);
  const data = useDashboardData(user);
  useDocumentTitle('Dashboard');

  // The student's zone (Settings', else the browser's) decides the greeting's hour and which
  // tasks are overdue; the quote, message and Kolkata clock keep Asia/Kolkata (decision 0062).
  const timeZone = useStudentTimeZone();
  const today = dayInZone(now, timeZone);
  const banner = greetingBanner(now, timeZone);
  const TimeIcon = TIME_OF_DAY_ICON[banner.band];
  const quote = pickForDay(DAILY_QUOTES, now);
  const message = pickForDay(DAILY_MESSAGES, now);
  const taskPreview = data.tasks.slice(0, TASK_PREVIEW);
  const latestResources = data.resources.slice(-RESOURCES_SHOWN).reverse();
  const latestNotes = data.notes.slice(-NOTES_SHOWN).reverse();
  const streak = data.stats.studyStreak;

  const createTask = (
    <Link to="/tasks" className={buttonClasses('primary', 'sm')}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      Create Task
    </Link>
  );

  return (
    <div className={pageClasses('wide')}>
      <section
        aria-labelledby="dashboard-greeting"
        className="palette-fixed flex flex-col gap-6 rounded-2xl bg-gradient-to-r from-brand-600 to-brand-800 p-6 text-white shadow-sm sm:p-8 lg:flex-row lg:items-center lg:justify-between"
      >
        <div className="flex min-w-0 items-start gap-4">
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-white/15 sm:h-14 sm:w-14">
            <TimeIcon
              aria-hidden="true"
              className="h-7 w-7 sm:h-8 sm:w-8"
              data-testid="time-of-day-icon"
              data-band={banner.band}
            />
          </span>
          <div className="min-w-0">
            <h1
              id="dashboard-greeting"
              className="text-2xl font-bold tracking-tight break-words sm:text-3xl"
            >
              {banner.greeting}, {displayName(user)}!
            </h1>
            <p className="mt-1 text-brand-50">{message}</p>
            <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-brand-100">
              <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
              <time dateTime={now.toISOString()}>{banner.dashboardTime}</time>
              {banner.localTime && (
                <span data-testid="local-time">
                  {' '}
                  · your time <time dateTime={now.toISOString()}>{banner.localTime}</time>
                </span>
              )}
            </p>
          </div>
        </div>
        <figure className="min-w-0 rounded-xl bg-white/10 p-4 lg:max-w-sm">
          <QuoteIcon aria-hidden="true" className="h-5 w-5 text-brand-100" />
          <blockquote className="mt-1 text-sm italic">“{quote.text}”</blockquote>
          <figcaption className="mt-1 text-xs text-brand-100">— {quote.author}</figcaption>
        </figure>
      </section>

      {/* First after the greeting: on a phone the four stat cards and the timeline would put
          them three screens down. */}
      <Panel id="panel-actions" title="Quick Actions" className="mt-6">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <QuickAction
            label="Create Room"
            Icon={Plus}
            onClick={() => navigate('/dashboard/rooms', { state: roomsDialogState('create') })}
          />
          <QuickAction
            label="Upload Notes"
            Icon={Upload}
            onClick={() => navigate('/dashboard/notes')}
          />
          <QuickAction
            label="Join Room"
            Icon={LogIn}
            onClick={() => navigate('/dashboard/rooms', { state: roomsDialogState('join') })}
          />
          <QuickAction label="Add Task" Icon={CheckSquare} onClick={() => navigate('/tasks')} />
        </ul>
      </Panel>

      <h2 className="sr-only">Your numbers</h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          testId="stat-Active Rooms"
          label="Active Rooms"
          value={data.stats.activeRooms}
          detail={data.roomsLoading ? 'Loading your rooms…' : 'Rooms you are a member of'}
          Icon={Users}
          tone="bg-brand-50 text-brand-700"
        />
        <StatCard
          testId="stat-Notes Created"
          label="Notes Created"
          value={data.stats.notesCreated}
          detail="Text notes and files"
          Icon={BookOpen}
          tone="bg-purple-50 text-purple-700"
        />
        <StatCard
          testId="stat-Daily Tasks"
          label="Daily Tasks"
          value={data.stats.dailyTasks}
          detail="Tasks added today"
          Icon={CheckSquare}
          tone="bg-green-50 text-green-700"
        />
        <StatCard
          testId="stat-Study Streak"
          label="Study Streak"
          value={streak}
          detail={`${streak === 1 ? 'day' : 'days'} in a row`}
          Icon={Flame}
          tone="bg-orange-50 text-orange-700"
        />
      </ul>
      {/* Focus together's figures, beside the four cards and apart from them (§4.9). */}
      <FocusStatsCard />

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Panel
          id="panel-tasks"
          title="Task Timeline"
          to="/tasks"
          toLabel="All tasks"
          className="lg:col-span-2"
        >
          {taskPreview.length === 0 ? (
            <EmptyState action={createTask}>No tasks yet. Add your first task!</EmptyState>
          ) : (
            <ul>
              {taskPreview.map((task) => {
                const status = STATUS_STYLE[taskDisplayStatus(task, today)];
                return (
                  <Row key={task.id}>
                    <CheckCircle2
                      aria-hidden="true"
                      className={`mt-0.5 h-5 w-5 shrink-0 ${task.completed ? 'text-green-600' : 'text-slate-300'}`}
                    />
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-medium break-words text-slate-900">{task.title}</p>
                      <p className="text-xs text-slate-600">
                        {task.due ? `Due ${formatDateOnly(task.due)}` : 'No due date'}
                      </p>
                    </div>
                    <Badge tone={status.tone} className="shrink-0">
                      {status.label}
                    </Badge>
                  </Row>
                );
              })}
            </ul>
          )}
        </Panel>

        <Panel id="panel-rooms" title="Study Circles" to="/dashboard/rooms" toLabel="All rooms">
          {data.roomsLoading ? (
            <p className="text-sm text-slate-600">Loading your rooms…</p>
          ) : data.roomsFailed ? (
            <p className="text-sm text-slate-600">
              Your rooms could not be loaded. Try again later.
            </p>
          ) : data.rooms.length === 0 ? (
            <EmptyState
              action={
                <Link to="/dashboard/rooms" className={buttonClasses('primary', 'sm')}>
                  Explore Rooms
                </Link>
              }
            >
              No study circles yet. Join your first room!
            </EmptyState>
          ) : (
            <ul>
              {data.rooms.slice(0, ROOMS_SHOWN).map((room) => (
                <Row key={roomIdOf(room)}>
                  <Users aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                  <div className="min-w-0 flex-1">
                    <Link
                      to={`/rooms/room/${encodeURIComponent(roomIdOf(room))}`}
                      state={{ room, backTo: '/dashboard' }}
                      className="text-sm font-medium break-words text-slate-900 hover:text-brand-700 hover:underline"
                    >
                      {room.name}
                    </Link>
                    <p className="text-xs break-words text-slate-600">
                      {room.subject} • {room.members} {room.members === 1 ? 'member' : 'members'}
                    </p>
                  </div>
                </Row>
              ))}
            </ul>
          )}
        </Panel>

        <Panel id="panel-notes" title="Your Notes" to="/dashboard/notes" toLabel="All notes">
          {latestNotes.length === 0 ? (
            <EmptyState>No notes yet. Upload your first note!</EmptyState>
          ) : (
            <ul>
              {latestNotes.map((note) => (
                <Row key={note.id}>
                  <FileText
                    aria-hidden="true"
                    className="mt-0.5 h-5 w-5 shrink-0 text-purple-600"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium break-words text-slate-900">{note.title}</p>
                    <p className="text-xs text-slate-600">
                      {note.type === 'notes'
                        ? 'Text note'
                        : note.type === 'pdf'
                          ? 'PDF'
                          : note.type === 'image'
                            ? 'Image'
                            : 'File'}
                      {note.uploadedAt && ` • ${formatDay(note.uploadedAt)}`}
                    </p>
                  </div>
                </Row>
              ))}
            </ul>
          )}
        </Panel>

        <Panel id="panel-resources" title="Resources" to="/resources" toLabel="All resources">
          {latestResources.length === 0 ? (
            <EmptyState>No resources yet. Upload your first link.</EmptyState>
          ) : (
            <ul>
              {latestResources.map((resource) => {
                const href = safeHref(resource.link);
                return (
                  <Row key={resource.id}>
                    <FolderOpen
                      aria-hidden="true"
                      className="mt-0.5 h-5 w-5 shrink-0 text-orange-600"
                    />
                    <div className="min-w-0 flex-1">
                      {href ? (
                        <a
                          href={href}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex max-w-full items-center gap-1 text-sm font-medium break-words text-slate-900 hover:text-brand-700 hover:underline"
                        >
                          <span className="min-w-0 break-words">{resource.title}</span>
                          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
                          <span className="sr-only">(opens in a new tab)</span>
                        </a>
                      ) : (
                        <p className="text-sm font-medium break-words text-slate-900">
                          {resource.title}
                        </p>
                      )}
                      <p className="text-xs text-slate-600">
                        {resourceTypeLabel(resource.type)} • {formatDay(resource.uploadedAt)}
                      </p>
                    </div>
                  </Row>
                );
              })}
            </ul>
          )}
        </Panel>

        <Panel id="panel-activity" title="Recent Activity">
          {data.activity.length === 0 ? (
            <EmptyState>No recent activity yet.</EmptyState>
          ) : (
            <ul>
              {data.activity.map((item) => (
                <Row key={item.id}>
                  <CalendarDays
                    aria-hidden="true"
                    className="mt-0.5 h-5 w-5 shrink-0 text-slate-400"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm break-words text-slate-800">{item.text}</p>
                    <p className="text-xs text-slate-600">
                      <time dateTime={new Date(item.at).toISOString()}>
                        {relativeTime(item.at, data.activityTick.getTime())}
                      </time>
                    </p>
                  </div>
                </Row>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
