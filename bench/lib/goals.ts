import { cpus, loadavg } from 'node:os';

/**
 * How every benchmark states its goals, so none can rot unnoticed: each prints the goal it holds
 * today beside the figure, and a line `MET` or `MISSED` per goal, in one format the runner
 * (bench/run.ts) collects. Two kinds of goal:
 *
 * - a measured goal (a ratio or latency on a shared machine): MISSED fails a full run
 *   (`npm run bench`), but not a smoke run, whose sizes are too small to mean anything;
 * - a budget (bytes of JavaScript, counted from the build): deterministic, so MISSED fails in
 *   every mode, CI's smoke run included.
 *
 * A crash fails in every mode: that is what the smoke run in CI is for.
 */

/** BENCH_SMOKE=1: smallest sizes, a second or two of load, so CI proves each bench still runs. */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` normally, `smoke` in smoke mode. */
export function size<T>(full: T, smoke: T): T {
  return SMOKE ? smoke : full;
}

export interface Goal {
  /** What is measured, e.g. "CPU per delivery at 200/s vs the durable floor". */
  name: string;
  /** The goal as a reader checks it, e.g. "<= 1.3x". */
  target: string;
  /** The figure measured, as printed, e.g. "1.18x". */
  actual: string;
  met: boolean;
  /** A deterministic budget: MISSED fails even in smoke mode. */
  budget?: boolean;
}

const goals: Goal[] = [];

/** Prints `GOAL <name>: <actual> (goal <target>) MET|MISSED` and remembers the verdict. */
export function goal(g: Goal): boolean {
  goals.push(g);
  const kind = g.budget ? 'BUDGET' : 'GOAL';
  console.log(`${kind} ${g.name}: ${g.actual} (goal ${g.target}) ${g.met ? 'MET' : 'MISSED'}`);
  return g.met;
}

/**
 * Ends the bench: exit code 1 when a budget was exceeded, or, outside smoke mode, when any goal
 * was missed; 0 otherwise. Called last; `process.exit` because a lingering socket or pool must
 * not keep a finished bench alive.
 */
export function finish(): never {
  const failed = goals.filter((g) => !g.met && (g.budget || !SMOKE));
  if (SMOKE && goals.some((g) => !g.met && !g.budget)) {
    console.log(
      '(smoke mode: sizes too small for the goals to mean anything; a MISSED here does not fail)',
    );
  }
  process.exit(failed.length > 0 ? 1 : 0);
}

/** Prints the machine's load, so a reader can judge how noisy the figures are. */
export function printLoad(): void {
  const [one, five] = loadavg();
  console.log(
    `machine: ${cpus().length} cores, load average ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min)` +
      (SMOKE ? '; smoke mode' : ''),
  );
}
