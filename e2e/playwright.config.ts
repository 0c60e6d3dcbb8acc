import { defineConfig, devices } from '@playwright/test';
import { fakeCameraFile } from './fake-camera';

/**
 * The specs that hold calls of two or three browsers, each decoding the others' fake video. Two
 * of them side by side on CI's two cores starved each other: frames stalled, ICE consent checks
 * lapsed and links restarted, so the tests read a loaded machine rather than the app. They run
 * one at a time (beside a lighter spec on the other worker).
 */
const CALL_SPECS = [
  'call-rejoin.spec.ts',
  'call-relay.spec.ts',
  'call-three.spec.ts',
  'call-two.spec.ts',
  'room-notes.spec.ts',
  'watch.spec.ts',
  'whiteboard.spec.ts',
];

/**
 * Browser tests in Debian's Chromium (never a downloaded browser). Fake camera and microphone
 * let several contexts hold real WebRTC calls on loopback. Each worker starts its own server
 * (see fixtures.ts), so workers never share a database or a mailbox.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    ...devices['Desktop Chrome'],
    channel: undefined,
    trace: 'retain-on-failure',
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
    { name: 'calls', testMatch: CALL_SPECS, workers: 1 },
    { name: 'pages', testIgnore: CALL_SPECS },
  ],
});
