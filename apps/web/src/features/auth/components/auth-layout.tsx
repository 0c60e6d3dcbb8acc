import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';
import { Card } from '../../../ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** The frame every account screen shares: the brand mark, a title, a subtitle and a card. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
  pageTitle,
  notice,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** The browser tab's name for the screen ("Sign In"); the title when not given. */
  pageTitle?: string;
  /** Context above the card, such as the invitation that brought the visitor here. */
  notice?: ReactNode;
}) {
  useDocumentTitle(pageTitle ?? title);
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-start justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-10 sm:items-center sm:py-16">
      <div className="w-full max-w-md">
        <div className="mb-6 text-center">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded-lg text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <GraduationCap aria-hidden="true" className="h-7 w-7" />
            <span className="text-lg font-bold">StudyCircle</span>
          </Link>
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h1>
          {subtitle && <p className="mt-2 text-sm text-slate-600">{subtitle}</p>}
        </div>
        {notice && <div className="mb-4">{notice}</div>}
        <Card className="p-6 sm:p-8">{children}</Card>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  );
}

/** A text link styled for the account screens. */
export const authLinkClasses =
  'font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 rounded';
