import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/**
 * Runs every benchmark, one after another, and ends with one summary: each bench's time, exit
 * status and goals MET or MISSED. `npm run bench` runs them at full size; `npm run bench:smoke`
 * (`--smoke`) sets BENCH_SMOKE=1, so each runs at its smallest size for a second or two of load:
 * CI runs that, and fails when a bench crashes, exits non-zero or a budget is exceeded (see
 * bench/lib/goals.ts for what fails in which mode). One bench failing does not stop the others.
 * Needs PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test) and the web build
 * (`npm run build`) for the JavaScript budgets, Lighthouse, call set-up and watch drift.
 */

const BENCHES = [
  ['landing-js', 'landing-js.ts'],
  ['call-js', 'call-route-js.ts'],
  ['profile', 'profile-throughput.ts'],
  ['rooms', 'rooms-list.ts'],
  ['sync', 'sync.ts'],
  ['whiteboard', 'whiteboard.ts'],
  ['signalling', 'signalling.ts'],
  ['idle-sockets', 'idle-sockets.ts'],
  ['room-notes', 'room-notes.ts'],
  ['room-files', 'room-files.ts'],
  ['lighthouse', 'lighthouse.ts'],
  ['call-setup', 'call-setup.ts'],
  ['watch-drift', 'watch-drift.ts'],
] as const;

const smoke = process.argv.includes('--smoke');
// `--only name,name` runs a subset (handy when working on one bench).
const onlyArg = process.argv[process.argv.indexOf('--only') + 1];
const only = process.argv.includes('--only') && onlyArg ? new Set(onlyArg.split(',')) : undefined;
const here = fileURLToPath(new URL('.', import.meta.url));

interface Outcome {
  name: string;
  code: number | null;
  seconds: number;
  met: number;
  missed: string[];
}

function run(name: string, file: string): Promise<Outcome> {
  const started = performance.now();
  console.log(`\n===== bench ${name}${smoke ? ' (smoke)' : ''} =====`);
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: here,
    env: { ...process.env, ...(smoke ? { BENCH_SMOKE: '1' } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    process.stdout.write(d);
  });
  return new Promise((resolve) => {
    child.once('close', (code) => {
      const verdicts = [...out.matchAll(/^(?:GOAL|BUDGET) (.*) (MET|MISSED)$/gm)];
      resolve({
        name,
        code,
        seconds: (performance.now() - started) / 1000,
        met: verdicts.filter((v) => v[2] === 'MET').length,
        missed: verdicts.filter((v) => v[2] === 'MISSED').map((v) => v[1]!),
      });
    });
  });
}

/** Exited 0 and printed at least one verdict: a bench that states no goal has rotted too. */
const passed = (o: Outcome) => o.code === 0 && o.met + o.missed.length > 0;

const outcomes: Outcome[] = [];
for (const [name, file] of BENCHES) {
  if (only && !only.has(name)) continue;
  outcomes.push(await run(name, file));
}

console.log(`\n===== bench summary${smoke ? ' (smoke mode: MISSED goals do not fail)' : ''} =====`);
for (const o of outcomes) {
  const status = passed(o)
    ? 'ok'
    : o.code === 0
      ? 'FAILED (printed no goal)'
      : `FAILED (exit ${o.code ?? 'by signal'})`;
  console.log(
    `  ${o.name.padEnd(14)} ${o.seconds.toFixed(1).padStart(6)} s  ${status}; ` +
      `goals ${o.met} met, ${o.missed.length} missed`,
  );
  for (const m of o.missed) console.log(`      missed: ${m}`);
}
const failed = outcomes.filter((o) => !passed(o)).length;
const total = outcomes.reduce((n, o) => n + o.seconds, 0);
// The line CI's summary reads.
console.log(
  `benches: ${outcomes.length - failed} passed, ${failed} failed (${total.toFixed(0)} s)`,
);
process.exit(failed > 0 ? 1 : 0);
