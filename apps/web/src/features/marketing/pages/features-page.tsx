import { Link } from 'react-router';
import {
  ArrowRight,
  FolderUp,
  MonitorPlay,
  NotebookPen,
  PenTool,
  SquareKanban,
  UsersRound,
} from 'lucide-react';
import { buttonClasses } from '../../../ui/button';
import { FeatureCard, type FeatureStatus, type Tint } from '../components/feature-card';
import { MarketingLayout } from '../components/marketing-layout';
import type { LucideIcon } from 'lucide-react';
import { usePageMeta } from '../hooks/use-page-meta';

/**
 * /features: the six feature cards of docs/product.md §14.2 and a Get Started link to /register.
 * Each card says whether it can be used today, so the page promises nothing that is not there.
 */

const FEATURES: readonly {
  icon: LucideIcon;
  title: string;
  tint: Tint;
  text: string;
  points: readonly string[];
  status: FeatureStatus;
}[] = [
  {
    icon: PenTool,
    title: 'Real-time Whiteboard',
    tint: 'brand',
    text: 'Sketch diagrams, work through equations and map out ideas on one shared canvas that everyone in the room sees as you draw.',
    points: ['Live cursors for every member', 'Shapes, pens and sticky notes'],
    status: 'available',
  },
  {
    icon: MonitorPlay,
    title: 'Synchronized Videos',
    tint: 'violet',
    text: 'Watch lectures and tutorials together: play, pause and seek stay in step for the whole group, so nobody falls behind.',
    points: ['One click to sync the room', 'Discuss in chat while you watch'],
    status: 'available',
  },
  {
    icon: NotebookPen,
    title: 'Smart Notes with AI Summaries',
    tint: 'sky',
    text: 'Write notes and upload PDFs and images today; short AI summaries of the key points to revise from are on the way.',
    points: ['Text notes and file notes, available now', 'AI summaries you can edit, coming soon'],
    status: 'soon',
  },
  {
    icon: SquareKanban,
    title: 'Task Boards',
    tint: 'emerald',
    text: 'Turn assignments into tasks with priorities and due dates, and see them on a board: overdue, today, upcoming and done.',
    points: ['High, medium and low priority', 'A list to sort or a board by day'],
    status: 'available',
  },
  {
    icon: UsersRound,
    title: 'Community Groups',
    tint: 'amber',
    text: 'Find students taking the same courses, join public study circles or start a private one for your friends.',
    points: ['Public and private rooms', 'Join with a short room code'],
    status: 'available',
  },
  {
    icon: FolderUp,
    title: 'File Sharing',
    tint: 'rose',
    text: 'Share links to notes, slides and cheat sheets today, tagged and easy to find; sharing the files themselves with your room is on the way.',
    points: ['Links with tags and types, available now', 'PDFs and images, coming soon'],
    status: 'soon',
  },
];

/** This page's title and description (what search results and link previews show). */
const META = {
  title: 'Features – StudyCircle',
  description:
    'Whiteboard, synchronized videos, smart notes with AI summaries, task boards, community groups and file sharing: see what StudyCircle does for your study group.',
} as const;

export function FeaturesPage() {
  usePageMeta(META.title, META.description);
  return (
    <MarketingLayout>
      <section
        aria-labelledby="features-page-title"
        className="bg-linear-to-b from-brand-50/80 via-white/40 to-transparent"
      >
        <div className="mx-auto max-w-3xl px-6 pt-16 pb-6 text-center sm:pt-24">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Features</p>
          <h1
            id="features-page-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
          >
            Tools built for studying <span className="text-brand-600">together</span>
          </h1>
          <p className="mt-6 text-lg leading-8 text-slate-600">
            Everything a study group needs in one place, from the first brainstorm on the whiteboard
            to the last file before the exam.
          </p>
        </div>
      </section>

      <section aria-label="All features" className="py-14 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-6 px-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <FeatureCard
              key={f.title}
              icon={f.icon}
              title={f.title}
              tint={f.tint}
              points={f.points}
              headingLevel={2}
              status={f.status}
            >
              {f.text}
            </FeatureCard>
          ))}
        </div>
      </section>

      <section aria-labelledby="features-cta-title" className="pb-24">
        <div className="mx-auto max-w-4xl px-6">
          <div className="rounded-3xl border border-brand-100 bg-white/90 px-6 py-12 text-center shadow-sm sm:px-12">
            <h2
              id="features-cta-title"
              className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
            >
              Ready to bring your study group together?
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-slate-600">
              Create your free account and open your first study room in under a minute.
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Link to="/register" className={buttonClasses('primary', 'lg')}>
                Get Started
                <ArrowRight aria-hidden="true" className="h-5 w-5" />
              </Link>
              <Link to="/community" className={buttonClasses('outline', 'lg')}>
                Meet the community
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-600">Free sign-up, no credit card required.</p>
          </div>
        </div>
      </section>
    </MarketingLayout>
  );
}
