import { defineConfig, devices } from '@playwright/test';
import { mediaNamespaceSupport, onPath } from '@studycircle/test-kit';
import { fakeCameraFile } from './fake-camera';

/**
 * The specs that hold calls of two or three browsers, each decoding the others' fake video. Two
 * of them side by side on CI's two cores starved each other: frames stalled, ICE consent checks
 * lapsed and links restarted, so the tests read a loaded machine rather than the app. They run
 * one at a time even with `--workers` above 1 (then beside a lighter spec on another worker).
 */
const CALL_SPECS = [
  // One browser in a full call and a ninth turned away: light, but beside a three-person call it
  // timed out on a slow machine (and passed alone), so it waits its turn with the others.
  'call-full.spec.ts',
  'call-rejoin.spec.ts',
  'call-relay.spec.ts',
  'call-three.spec.ts',
  'call-two.spec.ts',
  'room-notes.spec.ts',
  'watch.spec.ts',
  'whiteboard.spec.ts',
];

/**
 * `TEST_SCOPE=server` (CI's PostgreSQL and Redis pass) runs only the specs whose subject is what
 * the store and the adapter change for a user: sessions on two devices, a chat message kept
 * through going offline, a call across a server restart. The server tests run whole on PostgreSQL
 * and Redis in that pass; the rest of the browser suite runs once, on PGlite, since it drives the
 * same server code (two full runs no longer fitted CI's time on a slow machine).
 */
const SERVER_SPECS = ['call-two.spec.ts', 'chat-outbox.spec.ts', 'devices.spec.ts'];
const scope = process.env.TEST_SCOPE ?? 'all';
if (scope !== 'all' && scope !== 'server') {
  throw new Error(`TEST_SCOPE must be "all" or "server", not "${scope}"`);
}
const inScope = (specs: string[]) =>
  scope === 'server' ? specs.filter((spec) => SERVER_SPECS.includes(spec)) : specs;

/**
 * Media through Janus, in a network namespace (decision 0052): its own project, which exists only
 * where Janus is installed and the namespace can be built (root and iproute2; CI has both), and
 * only in the first pass (the database plays no part). It launches its own Chromium inside the
 * namespace, one test at a time.
 */
const SFU_MEDIA_SPECS = ['sfu-media.spec.ts'];
const sfuMedia = scope === 'all' && onPath('janus') !== undefined && mediaNamespaceSupport().ok;

/**
 * Browser tests in Debian's Chromium (never a downloaded browser). Fake camera and microphone
 * let several contexts hold real WebRTC calls on loopback. Each worker starts its own server
 * (see fixtures.ts), so workers never share a database or a mailbox.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // One test at a time. On a two-core CI machine where a page load takes half a second, two
  // workers made every test about twice as slow (a call beside a page test starved both), so
  // they finished no sooner, and tests timed out that pass alone. `--workers=N` on a larger
  // machine; call specs still run one at a time (the `calls` project).
  workers: 1,
  retries: 0,
  forbidOnly: true,
  // Generous, for CI machines where a page load takes half a second: a passing test never waits
  // for these, and a failing one fails a little later.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    ...devices['Desktop Chrome'],
    channel: undefined,
    trace: 'retain-on-failure',
    // The app's service worker (decision 0060) answers pages and static files from its cache, and
    // requests it answers never reach page.route, which many specs use to inject faults. It runs
    // in the one spec whose subject it is (offline-app.spec.ts, which allows it).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        // A small looping clip instead of the fake device's 1280x720 pattern (see fake-camera.ts).
        `--use-file-for-fake-video-capture=${fakeCameraFile()}`,
      ],
    },
  },
  projects: [
    { name: 'calls', testMatch: inScope(CALL_SPECS), workers: 1 },
    ...(sfuMedia ? [{ name: 'sfu-media', testMatch: SFU_MEDIA_SPECS, workers: 1 }] : []),
    {
      name: 'pages',
      testIgnore: [...CALL_SPECS, ...SFU_MEDIA_SPECS],
      ...(scope === 'server' ? { testMatch: inScope(SERVER_SPECS) } : {}),
    },
  ],
});
