import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';

/** The StudyCircle wordmark, linking home (or to the dashboard in the signed-in bar). */
export function BrandLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-lg text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <span className="flex h-9 w-9 items-center justify-center rounded-xl bg-brand-600 text-white">
        <GraduationCap aria-hidden="true" className="h-5 w-5" />
      </span>
      <span className="text-lg font-bold tracking-tight text-slate-900">StudyCircle</span>
    </Link>
  );
}
