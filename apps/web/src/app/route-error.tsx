import { Link } from 'react-router';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, buttonClasses } from '../ui/button';

/** The frame of the error and not-found pages: an icon, a title, a line, and ways out. */
export function ErrorFrame({
  title,
  body,
  icon,
  showReload,
  standalone,
}: {
  title: string;
  body: string;
  icon: ReactNode;
  showReload: boolean;
  /** Outside the root layout the frame is the page's main landmark itself. */
  standalone: boolean;
}) {
  const Wrapper = standalone ? 'main' : 'div';
  return (
    <Wrapper
      id={standalone ? 'main' : undefined}
      className={
        'flex items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-16 ' +
        (standalone ? 'min-h-screen' : 'min-h-[calc(100vh-4rem)]')
      }
    >
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          {icon}
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{body}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {showReload && (
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              Reload page
            </Button>
          )}
          <Link to="/" className={buttonClasses('primary')}>
            Go to home page
          </Link>
        </div>
      </div>
    </Wrapper>
  );
}

/**
 * Shown by an error boundary when a route throws while loading or rendering (a failed chunk
 * download after a deploy, a bug in a page). It offers a reload, which fixes the stale-chunk case,
 * and a way home. Inside the root layout (a page section) the bar stays; `standalone` is for the
 * app-wide boundary, where the layout itself failed and the frame is the page's main landmark.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  return (
    <ErrorFrame
      title="Something went wrong"
      body="This page failed to load. Reloading usually fixes it; if not, try again in a moment."
      icon={<TriangleAlert aria-hidden="true" className="h-7 w-7" />}
      showReload
      standalone={standalone}
    />
  );
}
