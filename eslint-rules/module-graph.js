import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The repository's module graph, read from disk, for the no-cycle rule. Each file's imports are
 * listed by TypeScript's own pre-processor (`ts.preProcessFile`): static imports, re-exports,
 * `import type`, `import()` and `require`, with no type checking, so it is fast and counts
 * type-only imports too (eslint-plugin-import-x's no-cycle skips them and has no option not to).
 *
 * Specifiers resolve as the bundler and TypeScript resolve them here: relative paths (the
 * `.js` written in ESM imports stands for the `.ts` beside it), and the workspaces' own package
 * names (`@studycircle/shared`, or a deep `@studycircle/server/src/...`). Any other package is
 * outside the graph: a cycle cannot pass through node_modules back into our files.
 */

const SCRIPT = /\.(?:[cm]?[jt]sx?)$/;
const CANDIDATES = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];
/** `./x.js` in TypeScript source names `x.ts` (or `x.tsx`); `.mjs` names `.mts`. */
const TS_FOR_JS = { '.js': ['.ts', '.tsx'], '.jsx': ['.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'] };

/** Workspace package name -> { dir, main } from the root package.json's workspaces. */
function readWorkspaces(root) {
  const map = new Map();
  const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  for (const dir of rootPackage.workspaces ?? []) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
      const exported = typeof pkg.exports === 'string' ? pkg.exports : pkg.exports?.['.'];
      map.set(pkg.name, { dir: path.join(root, dir), main: exported ?? pkg.main });
    } catch {
      // A workspace listed but not yet created has nothing to resolve to.
    }
  }
  return map;
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The file a path without its final extension resolution points at, or undefined. */
function resolveOnDisk(base) {
  const ext = path.extname(base);
  for (const alt of TS_FOR_JS[ext] ?? []) {
    const file = base.slice(0, -ext.length) + alt;
    if (isFile(file)) return file;
  }
  for (const suffix of CANDIDATES) {
    if (isFile(base + suffix)) return base + suffix;
  }
  return undefined;
}

export class ModuleGraph {
  /** @param {string} root the repository root (absolute) */
  constructor(root) {
    this.root = root;
    this.workspaces = readWorkspaces(root);
    /** file -> { mtimeMs, imports: string[] (absolute files) } */
    this.files = new Map();
    this.checkedAt = 0;
  }

  /**
   * A specifier as a file of ours: `{ file }` when it exists on disk, `{ path }` (extension
   * kept) when it names our files but nothing is there, undefined for any other package.
   */
  locate(fromFile, specifier) {
    let base;
    if (specifier.startsWith('.')) {
      base = path.resolve(path.dirname(fromFile), specifier);
    } else {
      const parts = specifier.split('/');
      const nameLength = specifier.startsWith('@') ? 2 : 1;
      const workspace = this.workspaces.get(parts.slice(0, nameLength).join('/'));
      if (!workspace) return undefined;
      const rest = parts.slice(nameLength).join('/');
      base = rest
        ? path.join(workspace.dir, rest)
        : path.join(workspace.dir, workspace.main ?? 'index');
    }
    const file = resolveOnDisk(base);
    return file ? { file, path: file } : { path: base };
  }

  /** Files `file` imports (ours only, resolved), from disk, re-read when the file changes. */
  importsOf(file) {
    const now = Date.now();
    const cached = this.files.get(file);
    // A long-lived ESLint (an editor's) sees edits: each entry is re-checked once a second.
    if (cached && cached.checkedAt > now - 1000) return cached.imports;
    let mtimeMs;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      this.files.delete(file);
      return [];
    }
    if (cached && cached.mtimeMs === mtimeMs) {
      cached.checkedAt = now;
      return cached.imports;
    }
    const imports = SCRIPT.test(file) ? this.importsIn(file, readFileSync(file, 'utf8')) : [];
    this.files.set(file, { mtimeMs, checkedAt: now, imports });
    return imports;
  }

  /** Resolved imports of a source text (used for the file being linted, which may be unsaved). */
  importsIn(file, text) {
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const out = new Set();
    for (const { fileName } of importedFiles) {
      const target = this.locate(file, fileName)?.file;
      if (target) out.add(target);
    }
    return [...out];
  }

  /**
   * The shortest chain of imports from `start` back to `goal` (both included), or undefined.
   * `skip` holds files already known not to reach `goal`; it grows, so a caller checking
   * several imports of one file walks each part of the graph once.
   */
  pathBack(start, goal, skip = new Set()) {
    if (start === goal) return [goal];
    const parent = new Map([[start, undefined]]);
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift();
      for (const next of this.importsOf(file)) {
        if (next === goal) {
          const chain = [goal, file];
          for (let at = parent.get(file); at !== undefined; at = parent.get(at)) chain.push(at);
          return chain.reverse();
        }
        if (parent.has(next) || skip.has(next)) continue;
        parent.set(next, file);
        queue.push(next);
      }
    }
    for (const file of parent.keys()) skip.add(file);
    return undefined;
  }
}

const graphs = new Map();

/** One graph per repository root and process: ESLint lints every file in one process. */
export function moduleGraph(root) {
  let graph = graphs.get(root);
  if (!graph) graphs.set(root, (graph = new ModuleGraph(root)));
  return graph;
}
