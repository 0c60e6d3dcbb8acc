import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { renderBoundaries, readBoundarySection } from '../scripts/boundary-doc.mjs';
import { BOUNDARIES } from './boundary-table.js';

/**
 * The probes of every boundary row (boundary-table.js), run through the real lint
 * configuration: each `fail` probe, linted as a file where the row forbids it, must draw this
 * row's rule; each `pass` probe must lint clean. If a rule is weakened or its globs drift, the
 * row's probes fail here.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** Rule ids and messages ESLint reports for `code` linted as if it were `file`. */
async function lint(file, code) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: root + file });
  return result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

describe.each(BOUNDARIES.map((row) => [row.id, row]))('boundary %s', (id, row) => {
  it('has one sentence of description, files, a message and probes', () => {
    expect(row.description).toMatch(/^[^\n]+\.$/);
    expect(row.files.length).toBeGreaterThan(0);
    expect(row.message).toBeTruthy();
    expect(row.probes.pass.length).toBeGreaterThan(0);
    // An import rule is proven both ways round: a relative path and a package or workspace name.
    const ways = new Set(row.probes.fail.map((probe) => probe.via));
    if (!row.forbids.globals) {
      expect(ways).toContain('relative');
      expect(ways.has('aliased') || ways.has('package')).toBe(true);
    }
  });

  it.each(row.probes.fail.map((probe) => [probe.via, probe]))(
    'a %s probe fails lint',
    async (_via, probe) => {
      const messages = await lint(probe.file ?? row.probeFile, probe.code);
      expect(messages).toContainEqual({
        ruleId: `boundaries/${id}`,
        message: expect.stringContaining(row.message),
      });
    },
  );

  it.each(row.probes.pass.map((probe) => [probe.code, probe]))(
    'an allowed probe passes: %s',
    async (_code, probe) => {
      const messages = await lint(probe.file ?? row.probeFile, probe.code);
      // Parse errors (no rule id) and any boundary: a probe's unused name is not the point.
      const boundaryOrParse = messages.filter(
        (m) => !m.ruleId || m.ruleId.startsWith('boundaries/'),
      );
      expect(boundaryOrParse).toEqual([]);
    },
  );
});

describe('docs/architecture.md', () => {
  it('lists the boundary table as it is (npm run docs:boundaries rewrites it)', () => {
    const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
    expect(readBoundarySection(doc)).toBe(renderBoundaries(BOUNDARIES));
  });
});
