import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the product-rule citations resolvable. Code cites a rule of docs/product.md as
 * `docs/product.md §4.3` (or a whole section, `§4`); every `§` number in the source must be a
 * heading of that page, and nothing may cite the product specification that lives outside the
 * repository (a clone does not have it). Plain file reads and regular expressions, so it runs in
 * well under a second.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRODUCT_DOC = join(ROOT, 'docs', 'product.md');
const THIS_FILE = fileURLToPath(import.meta.url);

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

/** `## §4 Dashboard` and `### §4.3 Study streak`. */
const HEADING = /^(#{2,3}) §(\d+(?:\.\d+)?) \S/gm;
/** Any section or rule number: `§4`, `§4.3`. */
const RULE_NUMBER = /§(\d+(?:\.\d+)?)/g;
/** A citation of the page from the decision records or the README: `product.md §3.8`. */
const DOC_CITATION = /product\.md(?:\]\([^)]*\))?\s*§(\d+(?:\.\d+)?)/g;

/**
 * Ways of citing the outside specification. Playwright's "the spec file" is fine; "the spec",
 * "the spec's", "(spec: 400 px)", a spec section by number and "per the specification" are not.
 */
const SPEC_CITATIONS: readonly RegExp[] = [
  /\bspec(?:ification)?(?:'s)?\s+(?:sections?\b|§|\d)/gi,
  /\bper the spec(?:ification)?\b/gi,
  /\bproduct spec(?:ification)?\b/gi,
  /\(spec:/gi,
  /\bthe spec(?:'s)?\b(?!\s+files?\b)/gi,
];

interface SourceFile {
  path: string;
  text: string;
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) {
        walk(join(dir, entry.name), out);
      }
    } else if (SOURCE_EXTENSIONS.has(extname(entry.name))) {
      out.push(join(dir, entry.name));
    }
  }
}

function sourceFiles(): SourceFile[] {
  const paths: string[] = [];
  for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
    if (entry.isFile() && SOURCE_EXTENSIONS.has(extname(entry.name))) {
      paths.push(join(ROOT, entry.name));
    }
  }
  for (const dir of SOURCE_DIRS) walk(join(ROOT, dir), paths);
  return paths
    .filter((path) => path !== THIS_FILE)
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

function markdownFiles(): SourceFile[] {
  const paths = [join(ROOT, 'README.md')];
  const walkDocs = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walkDocs(join(dir, entry.name));
      else if (entry.name.endsWith('.md')) paths.push(join(dir, entry.name));
    }
  };
  walkDocs(join(ROOT, 'docs'));
  return paths.map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

/** "apps/web/src/x.ts:12" for a match at `index`. */
function where(file: SourceFile, index: number): string {
  const line = file.text.slice(0, index).split('\n').length;
  return `${relative(ROOT, file.path)}:${line}`;
}

/** The section and rule numbers docs/product.md defines, with any heading problem found. */
function productNumbers(): { numbers: Set<string>; problems: string[] } {
  const text = readFileSync(PRODUCT_DOC, 'utf8');
  const numbers = new Set<string>();
  const problems: string[] = [];
  let section: string | null = null;
  for (const match of text.matchAll(HEADING)) {
    const [, hashes, number] = match as unknown as [string, string, string];
    const isSection = hashes === '##';
    if (isSection !== !number.includes('.')) {
      problems.push(`§${number}: a section is "## §N", a rule "### §N.M"`);
    }
    if (isSection) section = number;
    else if (number.split('.')[0] !== section) {
      problems.push(`§${number} sits under section §${section ?? '(none)'}`);
    }
    if (numbers.has(number)) problems.push(`§${number} is defined twice`);
    numbers.add(number);
  }
  return { numbers, problems };
}

describe('product rule citations (docs/product.md)', () => {
  const { numbers, problems } = productNumbers();
  const sources = sourceFiles();

  it('numbers its sections and rules once each, every rule under its own section', () => {
    expect(numbers.size).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('cites only sections and rules that docs/product.md defines', () => {
    const missing: string[] = [];
    for (const file of sources) {
      for (const match of file.text.matchAll(RULE_NUMBER)) {
        const number = match[1] as string;
        if (!numbers.has(number)) missing.push(`${where(file, match.index)}: §${number}`);
      }
    }
    expect(missing, 'cited numbers missing from docs/product.md').toEqual([]);
  });

  it('resolves the citations inside docs/ and the README', () => {
    const missing: string[] = [];
    for (const file of markdownFiles()) {
      const isProductDoc = file.path === PRODUCT_DOC;
      // Within product.md itself a bare "§5.5" is a cross-reference to a rule of the same page.
      const pattern = isProductDoc ? RULE_NUMBER : DOC_CITATION;
      for (const match of file.text.matchAll(pattern)) {
        const number = match[1] as string;
        if (!numbers.has(number)) missing.push(`${where(file, match.index)}: §${number}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('never cites the product specification, which is not in the repository', () => {
    const found: string[] = [];
    for (const file of sources) {
      for (const pattern of SPEC_CITATIONS) {
        for (const match of file.text.matchAll(pattern)) {
          found.push(`${where(file, match.index)}: "${match[0]}"`);
        }
      }
    }
    expect(found, 'cite docs/product.md §N.M instead').toEqual([]);
  });
});
