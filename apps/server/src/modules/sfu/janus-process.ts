import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants as fsConstants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { connectJanus } from './janus-client.js';

/**
 * The Janus the server starts itself when JANUS_URL is unset and a `janus` binary is on the PATH
 * (the embedded default, like PGlite; docs/decisions/0051-janus-as-a-part-of-the-server.md):
 * a generated configuration and secrets in DATA_DIR/janus, the websocket API and the admin API
 * on loopback only, one plugin (VideoRoom) and one transport (websockets). It waits until Janus
 * answers, starts it again with a growing delay whenever it dies, and stops it with the server.
 *
 * Janus is started through `setpriv --pdeathsig SIGKILL` where util-linux has it, so a server
 * killed with SIGKILL takes its Janus along; a Janus left over all the same (no setpriv) is found
 * by its pid file and ended at the next start.
 */

/** What the manager logs through (Fastify's logger fits). */
export interface ProcessLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface EmbeddedJanusOptions {
  /** The janus executable. */
  binary: string;
  /** Its own folder for configuration, secrets and pid file (created if missing). */
  folder: string;
  /** The UDP ports media may use. */
  rtpPorts: { min: number; max: number };
  /** Janus's `ice_enforce_list`: the only interfaces or addresses ICE may gather on. */
  iceEnforceList?: string;
  log: ProcessLog;
  /** How long a start may take before it counts as failed. */
  readyTimeoutMs?: number;
  /** The delay before the first restart, doubled after each quick failure up to `max`. */
  restartDelayMs?: { first: number; max: number };
}

export interface EmbeddedJanus {
  /** The websocket API of the Janus now running; undefined before the first start. */
  readonly url: string | undefined;
  /** Sent with every request (Janus's `api_secret`). */
  readonly apiSecret: string;
  /** The VideoRoom's `admin_key`: needed to create rooms. */
  readonly adminKey: string;
  /** The running Janus's process id. */
  readonly pid: number | undefined;
  /** Whether a Janus is running and has answered. */
  readonly ready: boolean;
  /**
   * Starts Janus and resolves once it answers. If it fails, it rejects, and keeps trying in the
   * background until `stop()`: a Janus that comes up later is announced through `onReady`.
   */
  start(): Promise<void>;
  /** Runs `listener` each time a (re)started Janus answers, with its websocket URL. */
  onReady(listener: (url: string) => void): () => void;
  /** Runs `listener` each time Janus exits on its own (not when stopped). */
  onExit(listener: (exit: { code: number | null; signal: string | null }) => void): () => void;
  /** Stops Janus (SIGTERM, SIGKILL after 5 s) and restarts it no more. */
  stop(): Promise<void>;
}

const LAST_LINES_KEPT = 40;
/** A Janus that ran this long before dying starts again after the first delay, not a longer one. */
const STABLE_RUN_MS = 60_000;

/** The `janus` executable on `path`, if any. */
export function findJanusBinary(path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'janus');
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

interface Secrets {
  apiSecret: string;
  adminKey: string;
  adminSecret: string;
}

/** Generated once and kept (mode 0600), like the JWT secret: the same across restarts. */
function loadSecrets(folder: string): Secrets {
  const file = join(folder, 'secrets.json');
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (parsed.apiSecret && parsed.adminKey && parsed.adminSecret) return parsed as Secrets;
  } catch {
    // Missing or unreadable: make new ones.
  }
  const secrets = {
    apiSecret: randomBytes(24).toString('base64url'),
    adminKey: randomBytes(24).toString('base64url'),
    adminSecret: randomBytes(24).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/**
 * Debian puts plugins in /usr/lib/<triplet>/janus/plugins, a source build in
 * <prefix>/lib/janus/plugins: found from where the binary lives, so every other plugin and
 * transport can be listed and switched off. Undefined: Janus's built-in folders, and only the
 * names we know of are switched off.
 */
function libraryFolder(binary: string): string | undefined {
  let prefix: string;
  try {
    prefix = dirname(dirname(realpathSync(binary)));
  } catch {
    return undefined;
  }
  const lib = join(prefix, 'lib');
  const candidates = [join(lib, 'janus')];
  try {
    for (const entry of readdirSync(lib)) candidates.push(join(lib, entry, 'janus'));
  } catch {
    return undefined;
  }
  return candidates.find((c) => existsSync(join(c, 'plugins', 'libjanus_videoroom.so')));
}

const KNOWN_PLUGINS = [
  'audiobridge',
  'duktape',
  'echotest',
  'lua',
  'nosip',
  'recordplay',
  'sip',
  'streaming',
  'textroom',
  'videocall',
  'voicemail',
].map((n) => `libjanus_${n}.so`);
const KNOWN_TRANSPORTS = ['http', 'mqtt', 'nanomsg', 'pfunix', 'rabbitmq'].map(
  (n) => `libjanus_${n}.so`,
);

function othersIn(folder: string | undefined, keep: string, known: string[]): string[] {
  if (!folder) return known;
  try {
    return readdirSync(folder).filter((f) => f.endsWith('.so') && f !== keep);
  } catch {
    return known;
  }
}

/** A jcfg string value: quoted, with what would end it escaped. */
function q(value: string): string {
  return JSON.stringify(value);
}

export interface JanusConfigInput {
  folder: string;
  libraries: string | undefined;
  secrets: Secrets;
  wsPort: number;
  adminPort: number;
  rtpPorts: { min: number; max: number };
  iceEnforceList?: string;
}

/** The three files Janus reads, by name. Exported for the unit test of what they say. */
export function janusConfigFiles(input: JanusConfigInput): Record<string, string> {
  const { folder, libraries, secrets } = input;
  const plugins = libraries ? join(libraries, 'plugins') : undefined;
  const transports = libraries ? join(libraries, 'transports') : undefined;
  const folders = libraries
    ? [
        `  plugins_folder = ${q(join(libraries, 'plugins'))}`,
        `  transports_folder = ${q(join(libraries, 'transports'))}`,
        `  events_folder = ${q(join(libraries, 'events'))}`,
        `  loggers_folder = ${q(join(libraries, 'loggers'))}`,
      ]
    : [];
  const disabledPlugins = othersIn(plugins, 'libjanus_videoroom.so', KNOWN_PLUGINS);
  const disabledTransports = othersIn(transports, 'libjanus_websockets.so', KNOWN_TRANSPORTS);
  const janus = [
    'general: {',
    `  configs_folder = ${q(folder)}`,
    ...folders,
    '  debug_level = 4',
    `  api_secret = ${q(secrets.apiSecret)}`,
    `  admin_secret = ${q(secrets.adminSecret)}`,
    // A session whose websocket closed is destroyed at once (reclaim 0); one whose keepalives
    // stop lives 60 s. The client sends one every 20 s.
    '  session_timeout = 60',
    '  reclaim_session_timeout = 0',
    '  hide_dependencies = true',
    '  server_name = "studycircle"',
    '}',
    'media: {',
    `  rtp_port_range = "${input.rtpPorts.min}-${input.rtpPorts.max}"`,
    // Report loss (slowlink) from 5 lost packets a second; 0 would never tell.
    '  slowlink_threshold = 5',
    '}',
    'nat: {',
    // Browsers' .local candidates are not resolved: they would be dropped anyway on a server.
    '  ignore_mdns = true',
    '  ice_ignore_list = "vmnet"',
    ...(input.iceEnforceList ? [`  ice_enforce_list = ${q(input.iceEnforceList)}`] : []),
    '}',
    'plugins: {',
    `  disable = ${q(disabledPlugins.join(','))}`,
    '}',
    'transports: {',
    `  disable = ${q(disabledTransports.join(','))}`,
    '}',
    'loggers: {',
    '  disable = "libjanus_jsonlog.so"',
    '}',
    'events: {',
    '  broadcast = false',
    '}',
    '',
  ].join('\n');
  const websockets = [
    'general: {',
    '  json = "plain"',
    '  ws = true',
    `  ws_port = ${input.wsPort}`,
    '  ws_ip = "127.0.0.1"',
    // Loopback only, and nobody else's: the server is Janus's one client.
    '  ws_acl = "127."',
    '  wss = false',
    '}',
    'admin: {',
    '  admin_ws = true',
    `  admin_ws_port = ${input.adminPort}`,
    '  admin_ws_ip = "127.0.0.1"',
    '  admin_ws_acl = "127."',
    '  admin_wss = false',
    '}',
    '',
  ].join('\n');
  const videoroom = [
    'general: {',
    // Without it anyone reaching Janus could create rooms.
    `  admin_key = ${q(secrets.adminKey)}`,
    '  lock_rtp_forward = true',
    '  events = false',
    '}',
    '',
  ].join('\n');
  return {
    'janus.jcfg': janus,
    'janus.transport.websockets.jcfg': websockets,
    'janus.plugin.videoroom.jcfg': videoroom,
  };
}

/** A loopback TCP port that was free a moment ago. */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `setpriv` from util-linux, which can give Janus a parent-death signal. */
function findSetpriv(): string | undefined {
  return ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
}

/** Ends a Janus left running by a server that died without taking it along. */
function endLeftover(pidFile: string, configFile: string, log: ProcessLog): void {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').trim());
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 1) return;
  try {
    // Only a process running our own configuration: the pid may have been reused since.
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!cmdline.includes(configFile)) return;
    process.kill(pid, 'SIGKILL');
    log.warn({ pid }, 'ended a Janus left over from an earlier run');
  } catch {
    // Gone already.
  }
}

export function createEmbeddedJanus(options: EmbeddedJanusOptions): EmbeddedJanus {
  const { folder, log } = options;
  const readyTimeoutMs = options.readyTimeoutMs ?? 15_000;
  const delays = options.restartDelayMs ?? { first: 250, max: 30_000 };
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const secrets = loadSecrets(folder);
  const libraries = libraryFolder(options.binary);
  const setpriv = findSetpriv();
  const configFile = join(folder, 'janus.jcfg');
  const pidFile = join(folder, 'janus.pid');

  const readyListeners = new Set<(url: string) => void>();
  const exitListeners = new Set<(exit: { code: number | null; signal: string | null }) => void>();
  let child: ChildProcess | undefined;
  let url: string | undefined;
  let ready = false;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let nextDelay = delays.first;
  let firstStart: Promise<void> | undefined;

  /** One launch: fresh ports and configuration, spawn, wait until Janus answers. */
  async function launch(): Promise<void> {
    endLeftover(pidFile, configFile, log);
    const wsPort = await freeLoopbackPort();
    let adminPort = await freeLoopbackPort();
    while (adminPort === wsPort) adminPort = await freeLoopbackPort();
    const files = janusConfigFiles({
      folder,
      libraries,
      secrets,
      wsPort,
      adminPort,
      rtpPorts: options.rtpPorts,
      iceEnforceList: options.iceEnforceList,
    });
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(folder, name), text, { mode: 0o600 });
    }
    const args = ['-C', configFile, '-F', folder, '-o'];
    const [command, ...commandArgs] = setpriv
      ? [setpriv, '--pdeathsig', 'SIGKILL', '--', options.binary, ...args]
      : [options.binary, ...args];
    const startedAt = Date.now();
    const proc = spawn(command!, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    url = `ws://127.0.0.1:${wsPort}`;
    const lines: string[] = [];
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        lines.push(line);
        if (lines.length > LAST_LINES_KEPT) lines.shift();
        if (line.startsWith('[ERR]')) log.warn({ janus: line }, 'Janus reported an error');
      }
    };
    // Always read both pipes: a full pipe would block Janus mid-log.
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
      proc.once('exit', (code, signal) => resolve({ code, signal }));
      // A spawn that fails (no such file) may never emit 'exit'.
      proc.once('error', (err) => {
        log.warn({ err }, 'Janus could not be started');
        resolve({ code: null, signal: null });
      });
    });
    if (proc.pid) writeFileSync(pidFile, String(proc.pid));

    void exited.then((exit) => {
      if (child === proc) child = undefined;
      ready = false;
      if (stopping) return;
      log.warn(
        { ...exit, pid: proc.pid, lastLines: lines.slice(-15) },
        'Janus exited; starting it again',
      );
      for (const listener of [...exitListeners]) listener(exit);
      nextDelay = Date.now() - startedAt >= STABLE_RUN_MS ? delays.first : nextDelay;
      scheduleRestart();
    });

    // Ready once its websocket API answers `info`; an exit first is a failed start.
    const deadline = Date.now() + readyTimeoutMs;
    let exitedEarly = false;
    void exited.then(() => (exitedEarly = true));
    for (;;) {
      if (exitedEarly || stopping) {
        throw new Error(`Janus exited during start-up:\n${lines.slice(-15).join('\n')}`);
      }
      try {
        const connection = await connectJanus({
          url,
          apiSecret: secrets.apiSecret,
          log,
          connectTimeoutMs: 1_000,
          requestTimeoutMs: 2_000,
        });
        try {
          await connection.info();
        } finally {
          await connection.close();
        }
        break;
      } catch {
        if (Date.now() > deadline) {
          proc.kill('SIGKILL');
          throw new Error(`Janus did not answer within ${readyTimeoutMs} ms`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    ready = true;
    log.info(
      { pid: proc.pid, url, startMs: Date.now() - startedAt },
      'Janus started (embedded, loopback)',
    );
    for (const listener of [...readyListeners]) listener(url);
  }

  function scheduleRestart(): void {
    if (stopping || restartTimer) return;
    const delay = nextDelay;
    nextDelay = Math.min(nextDelay * 2, delays.max);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      launch().catch((err: unknown) => {
        log.warn({ err, retryInMs: nextDelay }, 'Janus did not start');
        // A failed start that left no process behind schedules the next try here; one whose
        // process exits schedules it from the exit handler.
        if (!child) scheduleRestart();
      });
    }, delay);
    restartTimer.unref();
  }

  return {
    get url() {
      return url;
    },
    apiSecret: secrets.apiSecret,
    adminKey: secrets.adminKey,
    get pid() {
      return child?.pid;
    },
    get ready() {
      return ready;
    },
    start() {
      firstStart ??= launch().catch((err: unknown) => {
        if (!child) scheduleRestart();
        throw err;
      });
      return firstStart;
    },
    onReady(listener) {
      readyListeners.add(listener);
      return () => readyListeners.delete(listener);
    },
    onExit(listener) {
      exitListeners.add(listener);
      return () => exitListeners.delete(listener);
    },
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      restartTimer = undefined;
      const proc = child;
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        const force = setTimeout(() => proc.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(force);
      }
      child = undefined;
      ready = false;
      rmSync(pidFile, { force: true });
    },
  };
}
