import { Link } from 'react-router';
import {
  ArrowRight,
  BellRing,
  BookOpen,
  CheckCircle2,
  ListChecks,
  MessagesSquare,
  Users,
} from 'lucide-react';
import { buttonClasses } from '../../../ui/button';
import { CtaBanner } from '../components/cta-banner';
import { FeatureCard } from '../components/feature-card';
import { HeroIllustration } from '../components/hero-illustration';
import { MarketingLayout } from '../components/marketing-layout';
import { SectionHeading } from '../components/section-heading';
import { usePageMeta } from '../hooks/use-page-meta';

/**
 * The front door (/). Its sections carry the ids the logged-out bar scrolls to and highlights:
 * top, features, community and collaboration (the bar also handles /#section links). It renders
 * from static content only: no API call
 * stands between a visitor and the first paint.
 */

const FEATURES = [
  {
    icon: Users,
    title: 'Study Groups',
    tint: 'brand',
    text: 'Create a room for every course, invite classmates with a join code, and keep your circle in one place.',
  },
  {
    icon: MessagesSquare,
    title: 'Real-time Chat',
    tint: 'violet',
    text: 'Talk it through on a live video call or in the room chat, and raise your hand when you need a turn.',
  },
  {
    icon: ListChecks,
    title: 'Task Tracking',
    tint: 'emerald',
    text: 'Plan assignments with priorities and due dates, tick them off, and see at a glance what comes next.',
  },
  {
    icon: BellRing,
    title: 'Smart Reminders',
    tint: 'amber',
    text: 'Never miss a deadline: the bell lists what is overdue, due today or tomorrow, and can nudge you in the browser.',
  },
] as const;

const STEPS = [
  {
    title: 'Create a room',
    text: 'Name it after your course or exam, add a subject and tags, and choose who may join.',
  },
  {
    title: 'Invite your circle',
    text: 'Share the room code or send an invitation by e-mail. Classmates join in seconds.',
  },
  {
    title: 'Study together, live',
    text: 'Meet on video, chat, share notes and resources, and keep tasks moving as a team.',
  },
] as const;

/** What a student finds today (claims with something behind them, no invented threads). */
const COMMUNITY_POINTS = [
  'Public study rooms any student can browse and join',
  'Room chat and live video for every circle',
  'Notes and resources shared inside each room',
] as const;

/**
 * The titles of the six community guidelines the community page explains (docs/product.md §14.3).
 * Kept here as plain strings: a module shared with the community page became a chunk of its own,
 * which the landing page's JavaScript budget cannot afford.
 */
const GUIDELINE_TITLES = [
  'Be respectful',
  'Share original content',
  'Keep it safe and private',
  'No spam',
  'Collaborate',
  'Contribute',
] as const;

/** This page's title and description (what search results and link previews show). */
const META = {
  title: 'StudyCircle – Learn. Collaborate. Succeed.',
  description:
    'StudyCircle is where students study together: study rooms with live video and chat, notes, tasks, shared resources and reminders. Free to join.',
} as const;

export function LandingPage() {
  usePageMeta(META.title, META.description);
  return (
    <MarketingLayout>
      {/* The hero's ground is opaque (the page's own colour under the gradient), so the drifting
          dots pass behind it and never over the headline; its one column may shrink below the
          illustration's width, so the words wrap at 320 px instead of running off the edge. */}
      <section
        id="top"
        aria-labelledby="hero-title"
        className="scroll-mt-20 bg-slate-50 bg-linear-to-b from-brand-50/80 via-white/40 to-transparent"
      >
        <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] items-center gap-14 px-5 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:gap-10 lg:pt-24 lg:pb-28">
          <div className="min-w-0 text-center lg:text-left">
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-100">
              <BookOpen aria-hidden="true" className="h-4 w-4" />
              The study space for students
            </p>
            <h1
              id="hero-title"
              className="mt-6 text-4xl font-extrabold tracking-tight [overflow-wrap:anywhere] text-slate-900 sm:text-5xl lg:text-6xl"
            >
              Learn. <span className="text-brand-600">Collaborate.</span> Succeed.
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg leading-8 text-slate-600 lg:mx-0">
              StudyCircle brings your study group together: live video rooms with chat, shared notes
              and resources, tasks and reminders, all in one calm place.
            </p>
            <div className="mt-9 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
              <Link to="/register" className={buttonClasses('primary', 'lg')}>
                Start for free
                <ArrowRight aria-hidden="true" className="h-5 w-5" />
              </Link>
              <Link to="/features" className={buttonClasses('outline', 'lg')}>
                Explore features
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-600">Free sign-up, no credit card required.</p>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section
        id="features"
        aria-labelledby="features-title"
        className="scroll-mt-20 py-20 sm:py-24"
      >
        <div className="mx-auto max-w-6xl px-6">
          <SectionHeading
            id="features-title"
            eyebrow="Features"
            title="Everything your study group needs"
          >
            Four tools that work together, so you spend your time learning instead of organising.
          </SectionHeading>
          <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((f) => (
              <FeatureCard key={f.title} icon={f.icon} title={f.title} tint={f.tint}>
                {f.text}
              </FeatureCard>
            ))}
          </div>
          <p className="mt-10 text-center">
            <Link
              to="/features"
              className="inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              See all features
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </p>
        </div>
      </section>

      <section
        id="community"
        aria-labelledby="community-title"
        className="scroll-mt-20 bg-white/70 py-20 sm:py-24"
      >
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-6 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              Community
            </p>
            <h2
              id="community-title"
              className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
            >
              You never study alone
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-600">
              Find a public room for your course, ask the people in it, and help someone else when
              you have it figured out.
            </p>
            <ul className="mt-8 space-y-4">
              {COMMUNITY_POINTS.map((point) => (
                <li key={point} className="flex gap-3 text-slate-700">
                  <CheckCircle2
                    aria-hidden="true"
                    className="mt-0.5 h-5 w-5 shrink-0 text-brand-600"
                  />
                  {point}
                </li>
              ))}
            </ul>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row">
              <Link to="/dashboard/rooms" className={buttonClasses('primary', 'lg')}>
                Browse public rooms
                <ArrowRight aria-hidden="true" className="h-5 w-5" />
              </Link>
              <Link to="/community" className={buttonClasses('secondary', 'lg')}>
                Visit the community
              </Link>
            </div>
          </div>
          <CommunityGuidelines />
        </div>
      </section>

      <section
        id="collaboration"
        aria-labelledby="collaboration-title"
        className="scroll-mt-20 py-20 sm:py-24"
      >
        <div className="mx-auto max-w-6xl px-6">
          <SectionHeading
            id="collaboration-title"
            eyebrow="Collaboration"
            title="From first invite to finished exam"
          >
            Getting your group studying takes three steps and about a minute.
          </SectionHeading>
          <ol className="mt-14 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, i) => (
              <li
                key={step.title}
                className="relative rounded-2xl border border-slate-200 bg-white/90 p-6 shadow-sm"
              >
                <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white shadow-sm ring-4 ring-brand-100">
                  {i + 1}
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-20">
            <CtaBanner
              headingId="signup-title"
              title="Start studying together today"
              linkLabel="Create your free account"
            >
              Set up your first study room in a minute and invite your classmates.
            </CtaBanner>
          </div>
        </div>
      </section>
    </MarketingLayout>
  );
}

/**
 * The community guidelines and the way to reach the team: what the community page holds, in
 * brief. Plain links and text, so the prerendered landing page ships no extra script for it.
 */
function CommunityGuidelines() {
  return (
    <aside
      aria-labelledby="landing-guidelines-title"
      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h3 id="landing-guidelines-title" className="text-lg font-semibold text-slate-900">
        Our community guidelines
      </h3>
      <ul className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {GUIDELINE_TITLES.map((title) => (
          <li key={title} className="flex gap-2 text-sm text-slate-700">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
            {title}
          </li>
        ))}
      </ul>
      <p className="mt-6 border-t border-slate-200 pt-5 text-sm text-slate-600">
        A question or an idea?{' '}
        <Link
          to="/community#contact"
          className="rounded-sm font-semibold text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Contact the team
        </Link>
        . A real person reads every message.
      </p>
    </aside>
  );
}
