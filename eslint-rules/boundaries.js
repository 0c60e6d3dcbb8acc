import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOUNDARIES } from './boundary-table.js';
import { moduleGraph } from './module-graph.js';

/**
 * The ESLint rules for the boundary table (boundary-table.js): one rule `boundaries/<id>` per
 * row, and `configs` entries that switch each on for the row's files. Import rules judge where
 * an import lands, not how it is spelled: a relative path is resolved against the importing
 * file, a workspace name (`@studycircle/web/src/...`) against its workspace, and a relative path
 * into node_modules counts as the package it reaches. So `../../auth/api/x` and
 * `@studycircle/web/src/features/auth/api/x` break the same rule.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT_EXT = /\.(?:d\.)?(?:[cm]?[jt]sx?)$/;

const toPosix = (p) => p.split(path.sep).join('/');

/** A glob (`*`, `**`, `{a,b}`) as a regular expression over a whole slash-separated path. */
function globToRegExp(glob) {
  const segments = glob.split('/');
  let out = '';
  let slash = '';
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === '**') {
      // Zero or more folders; at the end, anything below (or the path itself: `a/**` is `a` too).
      out += last ? (i === 0 ? '.*' : '(?:/.*)?') : `${slash}(?:[^/]+/)*`;
      slash = '';
      return;
    }
    out += slash;
    out += segment
      .replace(/[.+?^$()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')
      .replace(/\{([^}]*)\}/g, (_, list) => `(?:${list.split(',').join('|')})`);
    slash = '/';
  });
  return new RegExp(`^${out}$`);
}

const globCache = new Map();
function matches(globs, value) {
  return (globs ?? []).some((glob) => {
    let re = globCache.get(glob);
    if (!re) globCache.set(glob, (re = globToRegExp(glob)));
    return re.test(value);
  });
}

/** A package glob covers the package and its subpaths: `drizzle-orm` covers `drizzle-orm/pglite`. */
function matchesPackage(globs, specifier) {
  const parts = specifier.split('/');
  return parts.some((_, i) => matches(globs, parts.slice(0, i + 1).join('/')));
}

/** The folder matching `glob` that holds `file` (`apps/web` for `apps/*`), or undefined. */
function folderOf(glob, file) {
  const depth = glob.split('/').length;
  const folder = file.split('/').slice(0, depth).join('/');
  return file.split('/').length >= depth && matches([glob], folder) ? folder : undefined;
}

/**
 * Where an import specifier lands: `{ package }` (a bare name, or a relative path into
 * node_modules), `{ path }` (a repository file without its extension), or undefined (outside
 * the repository).
 */
export function landing(fromFile, specifier) {
  const graph = moduleGraph(ROOT);
  let absolute;
  if (specifier.startsWith('.')) absolute = path.resolve(path.dirname(fromFile), specifier);
  else {
    const located = graph.locate(fromFile, specifier);
    if (!located) return { package: specifier };
    absolute = located.path;
  }
  const relative = toPosix(path.relative(ROOT, absolute));
  if (relative.startsWith('../') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split('/');
  const nm = parts.lastIndexOf('node_modules');
  if (nm >= 0) {
    const rest = parts.slice(nm + 1);
    return rest.length > 0 ? { package: rest.join('/') } : undefined;
  }
  return { path: relative.replace(SCRIPT_EXT, '') };
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  return (
    node.type === 'ImportDeclaration' &&
    node.specifiers.length > 0 &&
    node.specifiers.every((s) => s.importKind === 'type')
  );
}

/** Names an import takes, or undefined when it takes the whole module (default, `* as`, export). */
function importedNames(node) {
  if (node.type !== 'ImportDeclaration' || node.specifiers.length === 0) return undefined;
  const names = [];
  for (const s of node.specifiers) {
    if (s.type !== 'ImportSpecifier') return undefined;
    names.push(s.imported.name ?? s.imported.value);
  }
  return names;
}

function importSources(check) {
  const visit = (node) => {
    if (node.source?.type === 'Literal' && typeof node.source.value === 'string') {
      check(node, node.source.value);
    }
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const selfOf = (context) => context.physicalFilename ?? context.filename;

function importRule(row) {
  const rule = row.forbids.imports;
  return (context) => {
    const file = selfOf(context);
    const self = toPosix(path.relative(ROOT, file));
    return importSources((node, specifier) => {
      if (rule.typeImports === 'allowed' && isTypeOnly(node)) return;
      const target = landing(file, specifier);
      if (!target) return;
      let broken = false;
      if (target.package !== undefined) {
        broken =
          matchesPackage(rule.packages, target.package) &&
          !matchesPackage(rule.except?.packages, target.package);
        const allowedNames = Object.entries(rule.except?.names ?? {}).find(
          ([name]) => name === target.package,
        )?.[1];
        const names = importedNames(node);
        if (broken && allowedNames && names?.every((n) => allowedNames.includes(n))) broken = false;
      } else {
        broken = matches(rule.paths, target.path) && !matches(rule.except?.paths, target.path);
        if (broken && rule.across) {
          const mine = folderOf(rule.across, self);
          broken = !mine || mine !== folderOf(rule.across, target.path);
        }
        if (broken && rule.except?.namesByFolder) {
          // Names the importer's folder may take (its own, and any listed cross read).
          // `paths`, when given, limits the allowance to those targets (the tables files).
          const { folders, names: byFolder, paths } = rule.except.namesByFolder;
          const folder = folderOf(folders, self)?.split('/').pop();
          const applies = !paths || matches(paths, target.path);
          const allowed = folder === undefined || !applies ? undefined : byFolder[folder];
          const names = importedNames(node);
          if (allowed && names?.every((n) => allowed.includes(n))) broken = false;
        }
      }
      if (broken) context.report({ node: node.source, message: `${row.message} (${specifier})` });
    });
  };
}

/** `process.env` (and `globalThis.process.env`, `process['env']`): `members: { process: ['env'] }`. */
function memberOf(node, members) {
  const object = node.object;
  const owner =
    object.type === 'Identifier'
      ? object.name
      : object.type === 'MemberExpression' && !object.computed
        ? object.property.name
        : undefined;
  const name = node.computed ? node.property.value : node.property.name;
  return owner !== undefined && members[owner]?.includes(name) ? `${owner}.${name}` : undefined;
}

function globalsRule(row) {
  const { globals = [], properties = [], members = {} } = row.forbids;
  const asProperty = new Set([...globals, ...properties]);
  const property = (context, node, key, computed) => {
    const name = computed ? key.value : key.name;
    if (typeof name === 'string' && asProperty.has(name)) {
      context.report({ node, message: `${row.message} (${name})` });
    }
  };
  const member = (context, node, name) => {
    if (name) context.report({ node, message: `${row.message} (${name})` });
  };
  return (context) => ({
    MemberExpression: (node) => {
      property(context, node, node.property, node.computed);
      member(context, node, memberOf(node, members));
    },
    // `const { getUserMedia } = navigator.mediaDevices` reads the property too.
    'ObjectPattern > Property': (node) => property(context, node, node.key, node.computed),
    // `const { env } = process` reads `process.env`.
    'VariableDeclarator[id.type="ObjectPattern"]': (node) => {
      if (node.init?.type !== 'Identifier') return;
      for (const p of node.id.properties) {
        const name = p.type === 'Property' && !p.computed ? p.key.name : undefined;
        if (members[node.init.name]?.includes(name))
          member(context, p, `${node.init.name}.${name}`);
      }
    },
    // `import { env } from 'node:process'` is the same read.
    ImportDeclaration: (node) => {
      const owner = String(node.source.value).replace(/^node:/, '');
      for (const s of node.specifiers) {
        const name = s.type === 'ImportSpecifier' ? (s.imported.name ?? s.imported.value) : '';
        if (members[owner]?.includes(name)) member(context, s, `${owner}.${name}`);
      }
    },
    'Program:exit'(program) {
      const scope = context.sourceCode.getScope(program);
      const seen = new Set();
      const report = (reference) => {
        // A type annotation has no run-time effect; the rule is about touching the API.
        if (reference.isTypeReference || seen.has(reference.identifier)) return;
        seen.add(reference.identifier);
        const { name } = reference.identifier;
        context.report({ node: reference.identifier, message: `${row.message} (${name})` });
      };
      for (const name of globals) {
        scope.set.get(name)?.references.forEach(report);
      }
      for (const reference of scope.through) {
        if (globals.includes(reference.identifier.name)) report(reference);
      }
    },
  });
}

function cycleRule(row) {
  return (context) => {
    const file = selfOf(context);
    const graph = moduleGraph(ROOT);
    // Files known not to lead back here: each part of the graph is walked once per file.
    const dead = new Set();
    return importSources((node, specifier) => {
      const target = graph.locate(file, specifier)?.file;
      if (!target) return;
      const chain = graph.pathBack(target, file, dead);
      if (!chain) return;
      const route = [file, ...chain].map((f) => toPosix(path.relative(ROOT, f))).join(' -> ');
      context.report({ node: node.source, message: `${row.message} (${route})` });
    });
  };
}

function ruleFor(row) {
  const create = row.forbids.imports
    ? importRule(row)
    : row.forbids.cycles
      ? cycleRule(row)
      : globalsRule(row);
  return { meta: { type: 'problem', schema: [], docs: { description: row.description } }, create };
}

const plugin = {
  meta: { name: 'studycircle-boundaries' },
  rules: Object.fromEntries(BOUNDARIES.map((row) => [row.id, ruleFor(row)])),
};

/** One flat-config entry per row: its rule, on its files. */
plugin.configs = {
  table: BOUNDARIES.map((row) => ({
    name: `boundaries/${row.id}`,
    files: row.files,
    ...(row.ignores ? { ignores: row.ignores } : {}),
    plugins: { boundaries: plugin },
    rules: { [`boundaries/${row.id}`]: 'error' },
  })),
};

export default plugin;
