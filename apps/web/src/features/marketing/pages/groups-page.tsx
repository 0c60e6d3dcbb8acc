import { Link } from 'react-router';
import { ArrowRight, CalendarClock, UsersRound } from 'lucide-react';
import { buttonClasses } from '../../../ui/button';
import { MarketingLayout } from '../components/marketing-layout';
import { usePageMeta } from '../hooks/use-page-meta';

/**
 * /groups: the group-info placeholder of docs/product.md §14.4. It says plainly that group details
 * and members are on the way, and offers what a visitor can do today.
 */
/** This page's title and description (what search results and link previews show). */
const META = {
  title: 'Study Groups – StudyCircle',
  description:
    'Study group pages with group details and members are coming soon to StudyCircle. Create a free account to start a study room today.',
} as const;

export function GroupsPage() {
  usePageMeta(META.title, META.description);
  return (
    <MarketingLayout>
      <section aria-labelledby="groups-title" className="px-6 py-20 sm:py-28">
        <div className="mx-auto max-w-2xl rounded-3xl border border-slate-200 bg-white/90 px-6 py-12 text-center shadow-sm sm:px-12">
          <span
            aria-hidden="true"
            className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100"
          >
            <UsersRound className="h-8 w-8" />
          </span>
          <p className="mt-6 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-800 ring-1 ring-amber-200">
            <CalendarClock aria-hidden="true" className="h-4 w-4" />
            Coming soon
          </p>
          <h1
            id="groups-title"
            className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl"
          >
            Study group pages
          </h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            Group details and members are coming soon. Each group will get its own page with what it
            studies, when it meets and who is in it.
          </p>
          <p className="mt-3 text-slate-600">
            Until then, you can create a study room and invite your classmates with its code.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses('primary', 'lg')}>
              Create a free account
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
            <Link to="/community" className={buttonClasses('outline', 'lg')}>
              Explore the community
            </Link>
          </div>
        </div>
      </section>
    </MarketingLayout>
  );
}
