import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT, startServer } from '@studycircle/test-kit';
import { finish, goal, printLoad, size } from './lib/goals.js';

/**
 * Lighthouse 12 (mobile: its default emulated phone and simulated slow 4G) on the public pages,
 * served from the production build by the real server, in Debian's Chromium. Prints the four
 * category scores per page against the goals. Each page runs RUNS times and the median is kept,
 * because the performance score moves a few points between runs. Goals
 * (docs/decisions/0006): performance 95 or more, accessibility, best practices and SEO 100.
 * Smoke mode: one run of `/` only (about 20 s in Debian's Chromium on a loaded machine).
 * Run after `npm run build`.
 */

const PAGES = size(['/', '/features', '/community'], ['/']);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? size(3, 1));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const GOALS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

// WEB_DIST measures another build (say main's, beside this branch's, in the same hour).
const dist = process.env.WEB_DIST ?? join(REPO_ROOT, 'apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist}/index.html not found: run \`npm run build\` first.`);
  process.exit(1);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

printLoad();
// A temporary data folder (no DATA_DIR given), removed by server.stop().
const server = await startServer({
  env: { LOG_LEVEL: 'warn', WEB_DIST: dist },
  // A loaded machine (other benches, other builds) took more than a minute to start the server.
  timeoutMs: 180_000,
});
const origin = server.baseUrl;
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});

const results: {
  page: string;
  scores: Record<Category, number>;
  flagged: string[];
  tbtMs: number;
}[] = [];
try {
  for (const page of PAGES) {
    const runs: Record<Category, number>[] = [];
    const tbtMs: number[] = [];
    const flagged = new Set<string>();
    for (let i = 0; i < RUNS; i += 1) {
      const result = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) {
        // A failed load (say, the build changed under the server) says nothing about the page.
        console.log(
          `  ${page} run ${i + 1}: skipped, ${runtimeError.code}: ${runtimeError.message}`,
        );
        continue;
      }
      runs.push(
        Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
        ) as Record<Category, number>,
      );
      // Name the failing audits of the non-performance categories, so a miss says what to fix.
      for (const c of CATEGORIES.filter((c) => c !== 'performance')) {
        for (const ref of categories[c]?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            flagged.add(`${c}: ${audit.id} (${audit.title})`);
          }
        }
      }
      const lcp = audits['largest-contentful-paint']?.displayValue;
      const fcp = audits['first-contentful-paint']?.displayValue;
      const tbt = audits['total-blocking-time']?.displayValue;
      tbtMs.push(audits['total-blocking-time']?.numericValue ?? 0);
      const cls = audits['cumulative-layout-shift']?.displayValue;
      // The scripts the page fetched while Lighthouse watched, as they travelled.
      const requests =
        (
          audits['network-requests']?.details as
            { items?: { resourceType?: string; transferSize?: number }[] } | undefined
        )?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === 'Script');
      const scriptKb = scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1024;
      console.log(
        `  ${page} run ${i + 1}: FCP ${fcp}, LCP ${lcp}, TBT ${tbt}, CLS ${cls}, ` +
          `${scripts.length} scripts (${scriptKb.toFixed(1)} KB)`,
      );
    }
    if (runs.length === 0) throw new Error(`every Lighthouse run of ${page} failed`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))]),
    ) as Record<Category, number>;
    results.push({ page, scores, flagged: [...flagged], tbtMs: median(tbtMs) });
  }
} finally {
  chrome.kill();
  await server.stop();
}

console.log(`\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile`);
for (const r of results) {
  for (const c of CATEGORIES) {
    goal({
      name: `Lighthouse ${c} of ${r.page}`,
      target: `>= ${GOALS[c]}`,
      actual: String(r.scores[c]),
      met: r.scores[c] >= GOALS[c],
    });
  }
  for (const f of r.flagged) console.log(`      flagged ${f}`);
  console.log(`      median Total Blocking Time of ${r.page}: ${Math.round(r.tbtMs)} ms`);
}
finish();
