import { lazy, Suspense, useRef } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  Ban,
  Clock,
  Handshake,
  HandHeart,
  Heart,
  Library,
  Lightbulb,
  LifeBuoy,
  MessagesSquare,
  ShieldCheck,
  UsersRound,
} from 'lucide-react';
import { buttonClasses } from '../../../ui/button';
import { CtaBanner } from '../components/cta-banner';
import { FeatureCard } from '../components/feature-card';
import { MarketingLayout } from '../components/marketing-layout';
import { SectionHeading } from '../components/section-heading';
import { useNearViewport } from '../hooks/use-near-viewport';
import { usePageMeta } from '../hooks/use-page-meta';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';

// The form brings the shared schemas and the HTTP client; it sits below the fold, so it loads
// when the visitor nears it (or arrives at #contact) instead of competing with the first paint.
const ContactForm = lazy(() =>
  import('../components/contact-form').then((m) => ({ default: m.ContactForm })),
);

/**
 * /community: the three community cards, the six guidelines, the contact form at #contact, and
 * Join the Community and Get Started links to /register (docs/product.md §14.3).
 */

const SPACES = [
  {
    icon: MessagesSquare,
    title: 'Open Discussions',
    tint: 'brand',
    text: 'Ask questions, explain what you have just understood, and get unstuck with help from students around the world.',
  },
  {
    icon: UsersRound,
    title: 'Study Circles',
    tint: 'violet',
    text: 'Small groups around a course, an exam or a language that meet on live video and keep each other accountable.',
  },
  {
    icon: Library,
    title: 'Resource Hub',
    tint: 'sky',
    text: 'Notes, guides, cheat sheets and roadmaps shared by the community, tagged by subject so you find them fast.',
  },
] as const;

const GUIDELINES = [
  {
    icon: Heart,
    title: 'Be respectful',
    text: 'Treat everyone kindly. Disagree with ideas, never with people, and remember that everyone is learning.',
  },
  {
    icon: Lightbulb,
    title: 'Share original content',
    text: 'Post your own notes and work, credit your sources, and never share material you have no right to share.',
  },
  {
    icon: ShieldCheck,
    title: 'Keep it safe and private',
    text: 'Do not post personal details, yours or anyone else’s. Report anything that feels unsafe.',
  },
  {
    icon: Ban,
    title: 'No spam',
    text: 'No advertising, self-promotion or repeated posts. Keep conversations focused on learning.',
  },
  {
    icon: Handshake,
    title: 'Collaborate',
    text: 'Study together rather than copy: explain your reasoning and help others find theirs.',
  },
  {
    icon: HandHeart,
    title: 'Contribute',
    text: 'Answer a question, share a resource, welcome a newcomer. The community grows with what you give.',
  },
] as const;

/** This page's title and description (what search results and link previews show). */
const META = {
  title: 'Community – StudyCircle',
  description:
    'Open discussions, study circles and a resource hub for students. Read the community guidelines, join for free, or send the StudyCircle team a message.',
} as const;

export function CommunityPage() {
  usePageMeta(META.title, META.description);
  useScrollToHash();
  const contactRef = useRef<HTMLElement>(null);
  const showForm = useNearViewport(contactRef);
  return (
    <MarketingLayout>
      <section
        aria-labelledby="community-page-title"
        className="bg-linear-to-b from-brand-50/80 via-white/40 to-transparent"
      >
        <div className="mx-auto max-w-3xl px-6 pt-16 pb-8 text-center sm:pt-24">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Community</p>
          <h1
            id="community-page-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
          >
            A community that <span className="text-brand-600">learns together</span>
          </h1>
          <p className="mt-6 text-lg leading-8 text-slate-600">
            Hard questions get easier in good company. Meet students who share your courses, swap
            what works, and keep each other going until exam day.
          </p>
          <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses('primary', 'lg')}>
              Join the Community
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
            <a href="#contact" className={buttonClasses('outline', 'lg')}>
              Contact the team
            </a>
          </div>
        </div>
      </section>

      <section aria-labelledby="spaces-title" className="py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-6">
          <h2 id="spaces-title" className="sr-only">
            Community spaces
          </h2>
          <div className="grid gap-6 md:grid-cols-3">
            {SPACES.map((s) => (
              <FeatureCard key={s.title} icon={s.icon} title={s.title} tint={s.tint}>
                {s.text}
              </FeatureCard>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="guidelines-title" className="bg-white/70 py-16 sm:py-20">
        <div className="mx-auto max-w-6xl px-6">
          <SectionHeading
            id="guidelines-title"
            eyebrow="Guidelines"
            title="How we look after each other"
          >
            Six simple rules keep StudyCircle a place where everyone can learn.
          </SectionHeading>
          <ul className="mt-12 grid gap-x-10 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
            {GUIDELINES.map((g) => (
              <li key={g.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm"
                >
                  <g.icon className="h-5 w-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{g.title}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600">{g.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="contact"
        ref={contactRef}
        aria-labelledby="contact-title"
        className="scroll-mt-20 py-16 outline-none sm:py-20"
      >
        <div className="mx-auto grid max-w-6xl gap-12 px-6 lg:grid-cols-[2fr_3fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Contact</p>
            <h2
              id="contact-title"
              className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
            >
              Talk to the team
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-600">
              A question about your account, an idea for a feature, or something that is not
              working? Send us a message and a real person will read it.
            </p>
            <ul className="mt-8 space-y-5 text-slate-700">
              <li className="flex gap-3">
                <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                <span>We answer most messages within two working days.</span>
              </li>
              <li className="flex gap-3">
                <LifeBuoy aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                <span>
                  Mark account or safety problems as high priority and we read them first.
                </span>
              </li>
            </ul>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <Suspense fallback={<ContactFormPlaceholder />}>
              {showForm ? <ContactForm /> : <ContactFormPlaceholder />}
            </Suspense>
          </div>
        </div>
      </section>

      <section aria-labelledby="community-cta-title" className="pb-24">
        <div className="mx-auto max-w-6xl px-6">
          <CtaBanner
            headingId="community-cta-title"
            title="Find your study circle"
            linkLabel="Get Started"
          >
            Create your free account, join a circle or start your own, and study with people who
            keep you going.
          </CtaBanner>
        </div>
      </section>
    </MarketingLayout>
  );
}

/** Holds the form's place (about its height) while it loads, so nothing below it jumps. */
function ContactFormPlaceholder() {
  return (
    <div role="status" className="flex min-h-[32rem] items-center justify-center">
      <span className="text-sm text-slate-500">Loading the contact form…</span>
    </div>
  );
}
