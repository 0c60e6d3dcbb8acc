import { z } from 'zod';
import { RoomIdSchema } from './room-id.js';

/**
 * Watch together (docs/decisions/0033-watch-together.md): one video per room, played in
 * step on every member's screen. The server keeps the room's timeline as one state with a
 * revision; every member's action (start, play, pause, seek, speed, stop) makes the next state,
 * and every screen draws the video's position from that state and the room clock (clock.ts):
 *
 *   position now = position + (serverNow - serverTime) / 1000 * rate   while playing
 *
 * - `watch-join` {roomId}: a member's socket follows the room's video; answered with the state.
 * - `watch-action` {roomId, action}: applied by the server (rev + 1) and sent to every follower
 *   as `watch-state` {roomId, state}; the acknowledgement carries the same state.
 * - `watch-leave` {roomId}: stops following.
 *
 * Clients keep the state with the highest `rev`, so two people acting at once end in one state
 * on every screen whatever order the broadcasts arrive in.
 */

/** The playback speeds a member may choose. */
export const WATCH_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export type WatchRate = (typeof WATCH_RATES)[number];

export const WATCH_LIMITS = {
  /** A video link: long signed URLs fit, a pasted document does not. */
  urlMax: 2048,
  /** A position in seconds: a day is longer than any lecture. */
  positionMax: 24 * 60 * 60,
} as const;

/** The file types a link may name (by its path's ending): what a plain <video> plays. */
export const WATCH_VIDEO_EXTENSIONS = ['mp4', 'webm', 'm4v'] as const;

export const WATCH_MESSAGES = {
  urlInvalid:
    'Paste a link to an MP4 or WebM video file, starting with http:// or https:// (for example https://example.org/lecture.mp4).',
  urlTooLong: `That link is too long (at most ${WATCH_LIMITS.urlMax} characters).`,
  urlWithPassword: 'Links with a user name or password in them cannot be shared.',
  /** Decided by the server (loopback, private and link-local hosts; WATCH_ALLOWED_HOSTS). */
  urlInternal:
    'Links to this computer or a private network cannot be shared: every member would open them. Use a public link.',
  positionInvalid: 'Choose a position in the video.',
  rateInvalid: `Choose a speed: ${WATCH_RATES.join(', ')}.`,
  actionInvalid: 'Choose start, play, pause, seek, rate or stop.',
  noVideo: 'No video is playing in this room. Start one first.',
  busy: 'Several people changed the video at once. Please try again.',
  /** The browser could not play the link (shown by the player, never sent by the server). */
  notPlayable:
    'This link did not play as a video. Check that it points to an MP4 or WebM file that anyone can open.',
  loadTimeout:
    'The video did not load in time. Check the link and your connection, then try again.',
  blocked: 'Your browser waits for a click before it plays a video.',
} as const;

/** What a member did: the kind of the last action, for a toast naming them. */
export const WATCH_ACTION_TYPES = ['start', 'play', 'pause', 'seek', 'rate', 'stop'] as const;
export type WatchActionType = (typeof WATCH_ACTION_TYPES)[number];

/**
 * A video link: http or https, no credentials, and a path ending in .mp4, .webm or .m4v (query
 * and fragment allowed, as signed links carry them). Returns the normalised link or undefined.
 */
export function parseVideoUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username || url.password) return undefined;
  const extension = url.pathname.toLowerCase().split('.').pop() ?? '';
  if (!(WATCH_VIDEO_EXTENSIONS as readonly string[]).includes(extension)) return undefined;
  return url.href;
}

/** The link's file name for people ("lecture.mp4"), falling back to its host. */
export function videoTitle(src: string): string {
  try {
    const url = new URL(src);
    const last = url.pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : url.hostname;
  } catch {
    return src;
  }
}

/** A video link as a payload: checked in order so the message names what is wrong. */
export const VideoUrlSchema = z
  .string({ error: WATCH_MESSAGES.urlInvalid })
  .max(WATCH_LIMITS.urlMax, WATCH_MESSAGES.urlTooLong)
  .refine((s) => {
    try {
      const url = new URL(s.trim());
      return !url.username && !url.password;
    } catch {
      return true; // Not a URL at all: the next rule says so.
    }
  }, WATCH_MESSAGES.urlWithPassword)
  .transform((s, ctx) => {
    const url = parseVideoUrl(s);
    if (!url) {
      ctx.addIssue({ code: 'custom', message: WATCH_MESSAGES.urlInvalid });
      return z.NEVER;
    }
    return url;
  });

const PositionSchema = z
  // zod 4 refuses NaN and the infinities for z.number() itself.
  .number({ error: WATCH_MESSAGES.positionInvalid })
  .min(0, WATCH_MESSAGES.positionInvalid)
  .max(WATCH_LIMITS.positionMax, WATCH_MESSAGES.positionInvalid);

const RateSchema = z
  .number({ error: WATCH_MESSAGES.rateInvalid })
  .refine((r) => (WATCH_RATES as readonly number[]).includes(r), WATCH_MESSAGES.rateInvalid);

/**
 * One member's action. `play` and `pause` may carry the position the member saw (their own
 * video's time); without one the server's timeline decides.
 */
export const WatchActionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('start'), src: VideoUrlSchema }),
    z.strictObject({ type: z.literal('play'), position: PositionSchema.optional() }),
    z.strictObject({ type: z.literal('pause'), position: PositionSchema.optional() }),
    z.strictObject({ type: z.literal('seek'), position: PositionSchema }),
    z.strictObject({ type: z.literal('rate'), rate: RateSchema }),
    z.strictObject({ type: z.literal('stop') }),
  ],
  { error: WATCH_MESSAGES.actionInvalid },
);
/** An action (its input and parsed shapes are the same: the link is only normalised). */
export type WatchAction = z.output<typeof WatchActionSchema>;

/** `watch-action`. */
export const WatchActionPayloadSchema = z.strictObject({
  roomId: RoomIdSchema,
  action: WatchActionSchema,
});
export type WatchActionPayload = z.input<typeof WatchActionPayloadSchema>;

/** Who acted last. */
export const WatchActorSchema = z.object({ id: z.string(), name: z.string() });
export type WatchActor = z.infer<typeof WatchActorSchema>;

/** A room's video timeline. With no video (`src` null) the rest only keeps the revision going. */
export const WatchStateSchema = z.object({
  src: z.string().nullable(),
  playing: z.boolean(),
  /** Seconds into the video at `serverTime`. */
  position: z.number(),
  /** Server clock, ms since the epoch, when `position` was true. */
  serverTime: z.number(),
  rate: z.number(),
  /** Goes up by one with every action; the highest wins on every client. */
  rev: z.number().int(),
  /** Who made the last change, and what it was (null before the first). */
  by: WatchActorSchema.nullable(),
  action: z.enum(WATCH_ACTION_TYPES).nullable(),
});
export type WatchState = z.infer<typeof WatchStateSchema>;

/** `watch-state` sent to a room's followers, and what `watch-join` / `watch-action` answer. */
export interface WatchStateEvent {
  roomId: string;
  state: WatchState;
}
export type WatchResult = { state: WatchState };

/** A room that never had a video. */
export function emptyWatchState(serverTime: number): WatchState {
  return {
    src: null,
    playing: false,
    position: 0,
    serverTime,
    rate: 1,
    rev: 0,
    by: null,
    action: null,
  };
}

/** Where the room's video is at `serverNow` (ms on the server clock), in seconds. */
export function watchPositionAt(state: WatchState, serverNow: number): number {
  if (!state.playing) return state.position;
  return Math.max(0, state.position + ((serverNow - state.serverTime) / 1000) * state.rate);
}

/**
 * The state after `action` at `serverNow`, by `by`: the rule both the server (which stores it,
 * with rev + 1) and a client (which shows its own action before the answer comes) apply. Throws
 * nothing: an action that needs a video when there is none leaves the timeline as it was (the
 * server refuses it before calling this).
 */
export function applyWatchAction(
  state: WatchState,
  action: WatchAction,
  serverNow: number,
  by: WatchActor,
): WatchState {
  const here = Math.min(watchPositionAt(state, serverNow), WATCH_LIMITS.positionMax);
  const next = { ...state, serverTime: serverNow, rev: state.rev + 1, by, action: action.type };
  switch (action.type) {
    case 'start':
      // A new video waits at its start, paused, until someone presses play: everyone's player
      // loads it first, and nobody's browser is asked to play without a click.
      return { ...next, src: action.src, playing: false, position: 0, rate: 1 };
    case 'play':
      return { ...next, playing: true, position: action.position ?? here };
    case 'pause':
      return { ...next, playing: false, position: action.position ?? here };
    case 'seek':
      return { ...next, position: action.position };
    case 'rate':
      // The position so far at the old speed; from now on at the new one.
      return { ...next, position: here, rate: action.rate };
    case 'stop':
      return { ...next, src: null, playing: false, position: 0, rate: 1 };
  }
}
