/**
 * A room's shared clock (docs/decisions/0033-watch-together.md): every screen draws a shared
 * timeline (a video's position, a focus timer's remaining time) from the server's clock, not its
 * own. A client learns its offset to the server from a few `clock-sync` samples and keeps the one
 * with the lowest round trip: its error is at most half that round trip, and a sample delayed by a
 * busy network or a busy tab loses to a quick one. The samples are refreshed now and then, since
 * device clocks drift and get corrected (NTP) while a tab stays open for days.
 */

/** Samples taken when a clock starts, and again at every refresh. */
export const CLOCK_INITIAL_SAMPLES = 5;
export const CLOCK_REFRESH_SAMPLES = 3;
/** How often a running clock takes fresh samples. */
export const CLOCK_REFRESH_MS = 30_000;
/** A sample this old no longer competes on its round trip (the device clock may have moved). */
export const CLOCK_SAMPLE_MAX_AGE_MS = 5 * 60_000;

export interface ClockSample {
  /** serverTime - local midpoint of the round trip: add it to a local time to get server time. */
  offset: number;
  /** Round trip in ms; the offset's error is at most half of it. */
  rtt: number;
  /** Local time the answer arrived (to age samples out). */
  at: number;
}

/**
 * One sample from a request sent at local time `sent` and answered at local time `received`
 * with the server's `serverTime` (all in ms). Assumes the answer was stamped mid-way.
 */
export function clockSample(sent: number, serverTime: number, received: number): ClockSample {
  const rtt = Math.max(0, received - sent);
  return { offset: serverTime - (sent + rtt / 2), rtt, at: received };
}

/**
 * The sample to trust: the lowest round trip among those younger than the maximum age (the
 * newest sample if all are older). Undefined when there are none.
 */
export function bestClockSample(
  samples: readonly ClockSample[],
  now: number,
): ClockSample | undefined {
  const fresh = samples.filter((s) => now - s.at <= CLOCK_SAMPLE_MAX_AGE_MS);
  const pool = fresh.length > 0 ? fresh : samples.slice(-1);
  let best: ClockSample | undefined;
  for (const s of pool) if (!best || s.rtt < best.rtt) best = s;
  return best;
}
