import { execFileSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * A network namespace for media tests (docs/decisions/0052-media-tests-in-a-network-namespace.md).
 * WebRTC cannot use the loopback interface: Janus gathers no candidate on `lo` and Chromium none
 * in a namespace that has only `lo`. What works is a namespace with `lo` up and a veth pair whose
 * two ends are both inside it, one addressed 127.0.0.2/32; Janus is told to use that interface
 * (`ice_enforce_list`), and Chromium runs with mDNS host names off. Janus, the server and the
 * browsers all run inside (`ip netns exec`); the namespace has no route anywhere else, so no
 * packet can leave it. Building it needs root (CI runs as root).
 */

/** The address media uses inside the namespace. */
export const MEDIA_ADDRESS = '127.0.0.2';
/** The veth end that carries MEDIA_ADDRESS (Janus's ice_enforce_list names it). */
export const MEDIA_INTERFACE = 'sc-media0';
const PEER_INTERFACE = 'sc-media1';

const IP = ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip', '/bin/ip'].find((p) => existsSync(p));

export interface MediaNamespace {
  name: string;
  /** `command` with its arguments, prefixed to run inside the namespace. */
  wrap(command: string[]): string[];
  /**
   * An executable that starts `browser` inside the namespace with the arguments it is given:
   * Playwright's `executablePath`. Playwright drives the browser over a pipe, which crosses into
   * the namespace where no socket could. Removed with the namespace.
   */
  browserExecutable(browser?: string): string;
  /** Runs a command inside the namespace and returns its standard output. */
  exec(command: string[]): string;
  /** Removes the namespace (and the veth pair inside it). Idempotent. */
  remove(): void;
}

/**
 * Whether this process can build a namespace: root, and `ip` from iproute2. Says why not
 * otherwise.
 */
export function mediaNamespaceSupport(): { ok: true } | { ok: false; reason: string } {
  if (process.getuid?.() !== 0) return { ok: false, reason: 'not running as root' };
  if (!IP) return { ok: false, reason: 'no ip command (apt-get install iproute2)' };
  return { ok: true };
}

/** The executable `name` on this process's PATH, if there is one (`janus`, say). */
export function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // Not here.
    }
  }
  return undefined;
}

function ip(args: string[]): string {
  if (!IP) throw new Error('no ip command (apt-get install iproute2)');
  return execFileSync(IP, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function exists(name: string): boolean {
  return ip(['netns', 'list'])
    .split('\n')
    .some((line) => line.split(' ')[0] === name);
}

/** Removes the namespace `name` if it exists. */
export function removeMediaNamespace(name: string): void {
  if (exists(name)) ip(['netns', 'delete', name]);
}

/**
 * Builds the namespace `name` afresh (one left by an earlier run of the same name is removed
 * first) and returns it. Names are at most 15 characters of [a-z0-9-], like interface names.
 */
export function createMediaNamespace(name: string): MediaNamespace {
  if (!/^[a-z0-9-]{1,15}$/.test(name)) throw new Error(`bad namespace name: ${name}`);
  const support = mediaNamespaceSupport();
  if (!support.ok) throw new Error(`cannot build a network namespace: ${support.reason}`);
  removeMediaNamespace(name);
  ip(['netns', 'add', name]);
  try {
    ip(['-n', name, 'link', 'set', 'lo', 'up']);
    // Both ends are made inside the namespace: nothing is added to the machine's own network.
    ip([
      '-n',
      name,
      'link',
      'add',
      MEDIA_INTERFACE,
      'type',
      'veth',
      'peer',
      'name',
      PEER_INTERFACE,
    ]);
    ip(['-n', name, 'addr', 'add', `${MEDIA_ADDRESS}/32`, 'dev', MEDIA_INTERFACE]);
    ip(['-n', name, 'link', 'set', MEDIA_INTERFACE, 'up']);
    ip(['-n', name, 'link', 'set', PEER_INTERFACE, 'up']);
  } catch (err) {
    removeMediaNamespace(name);
    throw err;
  }
  const wrap = (command: string[]) => [IP!, 'netns', 'exec', name, ...command];
  const scripts: string[] = [];
  return {
    name,
    wrap,
    browserExecutable(browser = '/usr/bin/chromium') {
      const dir = mkdtempSync(join(tmpdir(), `${name}-browser-`));
      scripts.push(dir);
      const file = join(dir, 'browser');
      const quoted = wrap([browser]).map((part) => `'${part.replace(/'/g, `'\\''`)}'`);
      writeFileSync(file, `#!/bin/sh\nexec ${quoted.join(' ')} "$@"\n`);
      chmodSync(file, 0o755);
      return file;
    },
    exec(command) {
      const [file, ...args] = wrap(command);
      return execFileSync(file!, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    },
    remove() {
      removeMediaNamespace(name);
      for (const dir of scripts.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
