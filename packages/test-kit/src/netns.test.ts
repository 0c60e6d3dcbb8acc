import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMediaNamespace,
  MEDIA_ADDRESS,
  MEDIA_INTERFACE,
  removeMediaNamespace,
} from './netns.js';

/**
 * The media tests' network namespace: built idempotently, holding the media address on its veth
 * end and no route out, running commands (and browsers) inside, removed idempotently. Needs root
 * (vitest.config.ts runs this file only then; CI runs as root).
 */

const name = `sckit-${process.pid}`.slice(0, 15);
afterAll(() => removeMediaNamespace(name));

const listed = () => execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' });

describe('the media namespace', () => {
  it('is built afresh over a leftover of the same name, and removed twice without complaint', () => {
    createMediaNamespace(name);
    const ns = createMediaNamespace(name);
    expect(listed()).toContain(name);
    expect(ns.exec(['ip', '-o', '-4', 'addr', 'show', 'dev', MEDIA_INTERFACE])).toContain(
      `inet ${MEDIA_ADDRESS}/32`,
    );
    ns.remove();
    ns.remove();
    expect(listed()).not.toContain(name);
  });

  it('has no route out, and its own loopback', () => {
    const ns = createMediaNamespace(name);
    // Only the local table: nothing but the namespace's own addresses is reachable.
    expect(ns.exec(['ip', '-4', 'route', 'show']).trim()).toBe('');
    expect(() => ns.exec(['ip', 'route', 'get', '192.0.2.1'])).toThrow();
    expect(ns.exec(['ip', '-o', 'link', 'show', 'lo'])).toContain('UP');
    // The machine's own interfaces are not there.
    const links = ns.exec(['ip', '-o', 'link', 'show']).split('\n').filter(Boolean);
    expect(links.map((l) => l.split(': ')[1]!.split('@')[0]).sort()).toEqual([
      'lo',
      'sc-media0',
      'sc-media1',
    ]);
    ns.remove();
  });

  it('gives browsers an executable that runs them inside', () => {
    const ns = createMediaNamespace(name);
    // Any program stands in for the browser: here `ip`, which shows where it runs.
    const script = ns.browserExecutable(
      execFileSync('sh', ['-c', 'command -v ip'], { encoding: 'utf8' }).trim(),
    );
    expect(execFileSync(script, ['-o', '-4', 'addr', 'show'], { encoding: 'utf8' })).toContain(
      MEDIA_ADDRESS,
    );
    ns.remove();
  });
});
