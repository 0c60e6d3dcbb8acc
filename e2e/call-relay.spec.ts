import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { test, expect, freePort, startTestServer, type StartedServer } from './fixtures';
import { CallScreen, roomWithMembers, signedInContext } from './pages/call';

/**
 * Calls across strict NATs (docs/product.md §9.3): a real coturn (Debian's `coturn`; .ci/run
 * installs it) on loopback with a shared secret, the app server with TURN_URL and TURN_SECRET, and
 * two browsers whose connections may use relayed candidates only. Video arrives and the selected
 * candidate pairs are relay pairs: the media went through TURN with the credentials GET /api/config
 * gave.
 */

const TURNSERVER = '/usr/bin/turnserver';

test.setTimeout(180_000);

let turn: ChildProcess | undefined;
let app: StartedServer | undefined;
let turnLog = '';

test.afterEach(async () => {
  await app?.stop();
  if (turn && turn.exitCode === null) {
    const exited = new Promise((r) => turn!.once('exit', r));
    turn.kill('SIGTERM');
    await exited;
  }
});

test('two people hold a call relayed through coturn', async ({ browser }) => {
  expect(existsSync(TURNSERVER), `${TURNSERVER} missing: apt-get install coturn`).toBe(true);
  const port = await freePort();
  const secret = randomBytes(24).toString('hex');
  // A small relay port range of its own, so parallel runs on one machine do not collide.
  const minPort = randomInt(40_000, 60_000);
  turn = spawn(
    TURNSERVER,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      `--min-port=${minPort}`,
      `--max-port=${minPort + 200}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=studycircle.test',
      '--fingerprint',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--allow-loopback-peers',
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  turn.stdout?.on('data', (d: Buffer) => (turnLog += d.toString()));
  turn.stderr?.on('data', (d: Buffer) => (turnLog += d.toString()));

  app = await startTestServer({
    TURN_URL: `turn:127.0.0.1:${port}?transport=udp`,
    TURN_SECRET: secret,
  });
  const { room, users } = await roomWithMembers(app.baseURL, 2, 'relay');
  const [ann, bob] = users as [(typeof users)[0], (typeof users)[0]];

  // GET /api/config gives a signed-in user time-limited coturn credentials, no static password.
  const config = (await (
    await fetch(`${app.baseURL}/api/config`, { headers: { authorization: `Bearer ${ann.token}` } })
  ).json()) as {
    iceServers: { urls: string | string[]; username?: string; credential?: string }[];
  };
  const turnEntry = config.iceServers.find((s) => String(s.urls).includes(`:${port}`));
  expect(turnEntry?.username).toMatch(/^\d+:/);
  expect(turnEntry?.credential).toBeTruthy();

  const annContext = await signedInContext(browser, app.baseURL, ann, { forceRelay: true });
  const bobContext = await signedInContext(browser, app.baseURL, bob, { forceRelay: true });
  const a = new CallScreen(await annContext.newPage());
  const b = new CallScreen(await bobContext.newPage());
  await a.open(room.id);
  await a.expectInCall(1);
  await b.open(room.id);
  try {
    await a.expectVideoFrom(bob.name);
    await b.expectVideoFrom(ann.name);
  } catch (err) {
    throw new Error(`relayed call failed; coturn said:\n${turnLog.slice(-3000)}`, { cause: err });
  }
  for (const call of [a, b]) {
    const pairs = await call.selectedCandidateTypes();
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) expect(pair.local).toBe('relay');
  }
  await annContext.close();
  await bobContext.close();
});
