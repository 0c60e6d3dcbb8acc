import path from 'node:path';

/**
 * Module-boundary rules that need the importing file's own place, which `no-restricted-imports`
 * patterns cannot express: a relative import is resolved against the importing file first, so
 * `../rooms/components/x` is caught as surely as a path naming `features/rooms/...`.
 *
 * - feature-index-only: a web feature imports another feature only through its index.
 * - no-foreign-repository: a server module never imports another module's repository.
 */

const WEB_FEATURES = 'apps/web/src/features/';
const SERVER_MODULES = 'apps/server/src/modules/';

/** The import's target as a repository-relative path, or undefined for a package import. */
function resolveTarget(filename, cwd, source) {
  if (!source.startsWith('.')) return undefined;
  const absolute = path.resolve(path.dirname(filename), source);
  return path.relative(cwd, absolute).split(path.sep).join('/');
}

/** `[area, rest]` when `file` lies under `root` (`features/<area>/<rest>`), else undefined. */
function splitUnder(file, root) {
  if (!file?.startsWith(root)) return undefined;
  const [area, ...rest] = file.slice(root.length).split('/');
  return [area, rest.join('/')];
}

function importVisitor(context, check) {
  const cwd = context.cwd ?? context.getCwd();
  const self = path
    .relative(cwd, context.filename ?? context.getFilename())
    .split(path.sep)
    .join('/');
  const visit = (node) => {
    if (!node.source || typeof node.source.value !== 'string') return;
    const target = resolveTarget(path.resolve(cwd, self), cwd, node.source.value);
    const message = target && check(self, target);
    if (message) context.report({ node: node.source, message });
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const featureIndexOnly = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return importVisitor(context, (self, target) => {
      const from = splitUnder(self, WEB_FEATURES);
      const to = splitUnder(target, WEB_FEATURES);
      if (!from || !to || from[0] === to[0]) return undefined;
      if (/^(index(\.tsx?|\.js)?)?$/.test(to[1])) return undefined;
      return `Import the ${to[0]} feature through its index.ts, never its internals (${to[1]}).`;
    });
  },
};

const noForeignRepository = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    return importVisitor(context, (self, target) => {
      const to = splitUnder(target, SERVER_MODULES);
      if (!to || !/\.repository(\.js|\.ts)?$/.test(to[1])) return undefined;
      const from = splitUnder(self, SERVER_MODULES);
      if (from && from[0] === to[0]) return undefined;
      return `Use the ${to[0]} module through its service, never its repository.`;
    });
  },
};

export default {
  meta: { name: 'studycircle-boundaries' },
  rules: {
    'feature-index-only': featureIndexOnly,
    'no-foreign-repository': noForeignRepository,
  },
};
