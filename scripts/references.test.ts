import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Keeps every reference a reader can follow resolvable from a clone of the repository. A comment
 * says its reason itself or points at docs/ (docs/product.md, a decision record): never at an
 * issue tracker number or a step of the work that produced it, which a clone cannot look up. Every
 * docs/ path a comment names exists, every "decision NNNN" has its record, and every relative link
 * in the README and docs/ reaches its file and, for a markdown page, its heading. Plain file reads
 * and regular expressions, so it runs in well under a second.
 *
 * The patterns below are assembled from pieces so that this file, which is scanned too, holds no
 * citation of its own.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DECISIONS_DIR = join(ROOT, 'docs', 'decisions');

/** Source folders scanned recursively; files at the repository's root are scanned too. */
const SOURCE_DIRS = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'eslint-rules'];
const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.css', '.html']);
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'drizzle',
  'test-results',
  'playwright-report',
  'coverage',
]);

const NUMBER = String.raw`\s+#?\d+`;
/** The tracker's word for a report followed by its number, with or without a hash, singular or plural. */
const ISSUE_CITATION = new RegExp(String.raw`\b` + 'iss' + String.raw`ues?` + NUMBER, 'gi');
/** A numbered step or round of the work that produced the code: not a reason a reader can check. */
const STEP_CITATION = new RegExp(
  String.raw`\b(?:` + 'st' + 'op|tu' + 'rn' + ')s?' + NUMBER + String.raw`\b`,
  'gi',
);
/** A path under docs/, as comments write it: `docs/decisions/0023` or the full file name. */
const DOCS_PATH = /(?<![\w/.-])docs\/[\w./-]*[\w/]/g;
/** "decision 0031", "decisions 0050 and 0051", "[0048](...)" is a link and checked as one. */
const DECISION_NUMBERS = /\bdecisions?\s+(\d{4})(?:\s*(?:,|and)\s*(\d{4}))*/gi;
const FOUR_DIGITS = /\d{4}/g;
/** `[text](target)` in markdown, not images' remote sources. */
const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;

interface TextFile {
  path: string;
  text: string;
}

function walk(dir: string, keep: (name: string) => boolean, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) {
        walk(join(dir, entry.name), keep, out);
      }
    } else if (keep(entry.name)) {
      out.push(join(dir, entry.name));
    }
  }
}

const read = (path: string): TextFile => ({ path, text: readFileSync(path, 'utf8') });

function sourceFiles(): TextFile[] {
  const isSource = (name: string) => SOURCE_EXTENSIONS.has(extname(name));
  const paths = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && isSource(entry.name))
    .map((entry) => join(ROOT, entry.name));
  for (const dir of SOURCE_DIRS) walk(join(ROOT, dir), isSource, paths);
  return paths.map(read);
}

function markdownFiles(): TextFile[] {
  const paths = [join(ROOT, 'README.md')];
  walk(join(ROOT, 'docs'), (name) => name.endsWith('.md'), paths);
  return paths.map(read);
}

/** "apps/web/src/x.ts:12" for a match at `index`. */
function where(file: TextFile, index: number): string {
  const line = file.text.slice(0, index).split('\n').length;
  return `${relative(ROOT, file.path)}:${line}`;
}

const decisionFiles = readdirSync(DECISIONS_DIR).filter((name) => name.endsWith('.md'));
const hasDecision = (number: string) => decisionFiles.some((name) => name.startsWith(`${number}-`));

/**
 * Whether a docs/ path a comment names exists. A decision record may be named by its number
 * alone (`docs/decisions/0023`); a sentence's full stop is not part of the path.
 */
function docsPathExists(path: string): boolean {
  const bare = path.replace(/\.$/, '');
  if (existsSync(join(ROOT, bare))) return true;
  const short = /^docs\/decisions\/(\d{4})$/.exec(bare);
  return short !== null && hasDecision(short[1] as string);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(path: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of readFileSync(path, 'utf8').matchAll(/^#{1,6}\s+(.+)$/gm)) {
    anchors.add(slug(match[1] as string));
  }
  return anchors;
}

/** Why a relative markdown link does not resolve, or null when it does. */
function brokenLink(from: string, target: string): string | null {
  if (/^[a-z][a-z+.-]*:/i.test(target)) return null; // https:, mailto: and the like.
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const path = pathPart === '' ? from : resolve(dirname(from), decodeURIComponent(pathPart));
  if (!existsSync(path)) return 'no such file';
  if (anchor && path.endsWith('.md') && !anchorsOf(path).has(anchor.toLowerCase())) {
    return `no heading #${anchor}`;
  }
  return null;
}

/**
 * Every citation of an issue or a work step in `files`. The whole text is read, not only the
 * comments: a test's title is read as often as a comment and must not cite one either.
 */
function citationsIn(files: TextFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const pattern of [ISSUE_CITATION, STEP_CITATION]) {
      for (const match of file.text.matchAll(pattern)) {
        found.push(`${where(file, match.index)}: "${match[0]}"`);
      }
    }
  }
  return found;
}

/** Every docs/ path and decision number in `files` that names nothing in the repository. */
function missingDocsIn(files: TextFile[]): string[] {
  const missing: string[] = [];
  for (const file of files) {
    for (const match of file.text.matchAll(DOCS_PATH)) {
      if (!docsPathExists(match[0])) missing.push(`${where(file, match.index)}: ${match[0]}`);
    }
    for (const match of file.text.matchAll(DECISION_NUMBERS)) {
      for (const number of match[0].match(FOUR_DIGITS) ?? []) {
        if (!hasDecision(number)) missing.push(`${where(file, match.index)}: decision ${number}`);
      }
    }
  }
  return missing;
}

describe('references that resolve from a clone', () => {
  const sources = sourceFiles();

  it('finds citations the way they are written', () => {
    const issue = ['iss', 'ue'].join('');
    const step = ['st', 'op'].join('');
    const none = ['00', '00'].join('');
    const nowhere = [none, 'nothing.md'].join('-');
    const sample: TextFile = {
      path: join(ROOT, 'sample.ts'),
      text: [
        `// Kept for the tab's sake (${issue} 12).`,
        `/** Goals (${issue}s 2 and 4), measured at ${step} 30. */`,
        `it('keeps the draft (${issue} #9)', () => {});`,
        `// See docs/decisions/0015 and docs/decisions/${nowhere}, not decisions 0001 and ${none}.`,
        `// https://example.org/docs/anything is another site's page.`,
      ].join('\n'),
    };
    expect(citationsIn([sample])).toEqual([
      `sample.ts:1: "${issue} 12"`,
      `sample.ts:2: "${issue}s 2"`,
      `sample.ts:3: "${issue} #9"`,
      `sample.ts:2: "${step} 30"`,
    ]);
    expect(missingDocsIn([sample])).toEqual([
      `sample.ts:4: docs/decisions/${nowhere}`,
      `sample.ts:4: decision ${none}`,
    ]);
    expect(docsPathExists('docs/decisions/0015')).toBe(true);
    expect(docsPathExists('docs/product.md.')).toBe(true);
    expect(docsPathExists(`docs/decisions/${nowhere}`)).toBe(false);
    expect(slug('§5.5 Join by code')).toBe('55-join-by-code');
  });

  it('has no comment or test title citing an issue number or a step of the work', () => {
    expect(citationsIn(sources), 'say the reason, or point at docs/').toEqual([]);
  });

  it('names only docs/ paths and decision records that exist', () => {
    expect(missingDocsIn(sources)).toEqual([]);
  });

  it('resolves every relative link and docs/ path in the README and docs/', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      for (const match of file.text.matchAll(MARKDOWN_LINK)) {
        const why = brokenLink(file.path, match[1] as string);
        if (why) broken.push(`${where(file, match.index)}: ${match[1]} (${why})`);
      }
    }
    expect([...broken, ...missingDocsIn(markdownFiles())]).toEqual([]);
  });
});
