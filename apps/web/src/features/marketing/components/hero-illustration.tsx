import {
  BellRing,
  CheckCircle2,
  Hand,
  MessageSquare,
  Mic,
  MicOff,
  PhoneOff,
  Video,
} from 'lucide-react';

/**
 * The landing hero's picture: a study room drawn with markup (video tiles, chat, a finished task
 * and a reminder), so it costs no image download and stays sharp at any size. Purely decorative.
 */

const TILES = [
  { name: 'Priya', initial: 'P', bg: 'from-brand-500 to-violet-600', hand: true },
  { name: 'Daniel', initial: 'D', bg: 'from-sky-500 to-brand-600', muted: true },
  { name: 'Mei', initial: 'M', bg: 'from-violet-500 to-fuchsia-600' },
  { name: 'You', initial: 'Y', bg: 'from-slate-600 to-slate-800', speaking: true },
] as const;

const CONTROLS = [Mic, Video, MessageSquare, Hand] as const;

const CHAT = [
  { who: 'Priya', text: 'Can someone explain question 3?', mine: false },
  { who: 'Daniel', text: 'Sharing my notes on limits now', mine: false },
  { who: 'You', text: 'Let’s go through it together!', mine: true },
] as const;

export function HeroIllustration() {
  return (
    <div
      aria-hidden="true"
      className="relative isolate mx-auto w-full max-w-xl select-none lg:max-w-none"
    >
      {/* A soft glow drawn as a gradient: a CSS blur filter this large is costly to paint on phones. */}
      <div className="absolute -inset-8 -z-10 rounded-[3rem] bg-[radial-gradient(closest-side,var(--color-brand-200),transparent)] opacity-70" />
      <div className="overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/10">
        <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
          <span className="h-3 w-3 rounded-full bg-rose-400" />
          <span className="h-3 w-3 rounded-full bg-amber-400" />
          <span className="h-3 w-3 rounded-full bg-emerald-400" />
          <span className="ml-3 truncate text-xs font-semibold text-slate-700">
            Calculus II · Study Room
          </span>
          <span className="ml-auto inline-flex items-center gap-1 rounded-full bg-rose-50 px-2 py-0.5 text-[11px] font-semibold text-rose-700">
            <span className="h-1.5 w-1.5 rounded-full bg-rose-500" />
            LIVE
          </span>
        </div>
        <div className="grid gap-3 p-3 sm:grid-cols-[1fr_11rem]">
          <div className="grid grid-cols-2 grid-rows-2 gap-3">
            {TILES.map((tile) => (
              <div
                key={tile.name}
                className={`relative flex min-h-24 items-center justify-center rounded-xl bg-linear-to-br ${tile.bg} ${
                  'speaking' in tile ? 'ring-2 ring-emerald-400 ring-offset-2' : ''
                }`}
              >
                <span className="flex h-11 w-11 items-center justify-center rounded-full bg-white/20 text-lg font-semibold text-white ring-2 ring-white/40">
                  {tile.initial}
                </span>
                <span className="absolute bottom-1.5 left-1.5 rounded-md bg-slate-900/70 px-1.5 py-0.5 text-[10px] font-medium text-white">
                  {tile.name}
                </span>
                {'hand' in tile && (
                  <span className="absolute top-1.5 right-1.5 flex h-6 w-6 items-center justify-center rounded-full bg-amber-400 text-slate-900">
                    <Hand className="h-3.5 w-3.5" />
                  </span>
                )}
                {'muted' in tile && (
                  <span className="absolute top-1.5 right-1.5 flex h-6 w-6 items-center justify-center rounded-full bg-slate-900/70 text-white">
                    <MicOff className="h-3.5 w-3.5" />
                  </span>
                )}
              </div>
            ))}
          </div>
          <div className="hidden flex-col rounded-xl border border-slate-100 bg-slate-50 p-2 sm:flex">
            <p className="px-1 text-[11px] font-semibold text-slate-600">In-call messages</p>
            <div className="mt-2 flex-1 space-y-2">
              {CHAT.map((m) => (
                <div key={m.text} className={m.mine ? 'text-right' : ''}>
                  <p className="text-[10px] text-slate-500">{m.who}</p>
                  <p
                    className={`inline-block rounded-lg px-2 py-1 text-left text-[11px] leading-4 ${
                      m.mine ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 shadow-sm'
                    }`}
                  >
                    {m.text}
                  </p>
                </div>
              ))}
            </div>
            <div className="mt-2 flex items-center gap-1 rounded-lg bg-white px-2 py-1.5 shadow-sm">
              <span className="flex-1 text-[10px] text-slate-500">Send a message</span>
              <span className="h-4 w-4 rounded-full bg-brand-600" />
            </div>
          </div>
        </div>
        <div className="flex items-center justify-center gap-2 border-t border-slate-100 py-2.5">
          {CONTROLS.map((Icon, i) => (
            <span
              key={i}
              className="flex h-8 w-8 items-center justify-center rounded-full bg-slate-100 text-slate-700"
            >
              <Icon className="h-4 w-4" />
            </span>
          ))}
          <span className="flex h-8 w-12 items-center justify-center rounded-full bg-rose-500 text-white">
            <PhoneOff className="h-4 w-4" />
          </span>
        </div>
      </div>

      <div className="absolute -bottom-12 -left-2 flex items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-xl ring-1 ring-slate-900/5 sm:-left-8">
        <CheckCircle2 className="h-6 w-6 text-emerald-600" />
        <div>
          <p className="text-xs font-semibold text-slate-900">Problem set 4</p>
          <p className="text-[11px] text-slate-500">Completed · 3 of 5 tasks done</p>
        </div>
      </div>
      <div className="absolute -top-5 -right-2 hidden items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-xl ring-1 ring-slate-900/5 sm:flex lg:-right-6">
        <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-amber-100 text-amber-700">
          <BellRing className="h-4 w-4" />
        </span>
        <div>
          <p className="text-xs font-semibold text-slate-900">Group session</p>
          <p className="text-[11px] text-slate-500">Starts in 15 minutes</p>
        </div>
      </div>
    </div>
  );
}
