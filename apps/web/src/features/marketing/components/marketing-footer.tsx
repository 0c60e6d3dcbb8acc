import { Link } from 'react-router';

/** The marketing footer: Platform and Support links, each to a real page of ours. */

const COLUMNS = [
  {
    heading: 'Platform',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/community', label: 'Community' },
      { to: '/groups', label: 'Study Groups' },
    ],
  },
  {
    heading: 'Support',
    links: [
      { to: '/community#contact', label: 'Contact us' },
      { to: '/login', label: 'Sign in' },
      { to: '/register', label: 'Create an account' },
    ],
  },
] as const;

export function MarketingFooter() {
  return (
    // A dark footer in both themes: palette-fixed keeps the light palette it is drawn with, which
    // the dark theme would otherwise invert into a pale footer with pale text.
    <footer className="palette-fixed border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded-md text-lg font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-200"
          >
            <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
            StudyCircle
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-6 text-slate-400">
            Study rooms with live video and chat, shared notes, tasks and reminders, for students
            who learn better together.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="text-sm font-semibold tracking-wide text-white">{column.heading}</h2>
            <ul className="mt-4 space-y-3 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="rounded-sm text-slate-300 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-200"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        {/* The landing page is prerendered at build time: a new year may have begun since. */}
        <p suppressHydrationWarning className="mx-auto max-w-6xl px-6 py-6 text-sm text-slate-400">
          © {new Date().getFullYear()} StudyCircle. Learn. Collaborate. Succeed.
        </p>
      </div>
    </footer>
  );
}
