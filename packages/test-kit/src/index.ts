/**
 * The test kit: plumbing that server tests, e2e and benchmarks share, each piece written once.
 * Nothing here loads Playwright; the browser checks live in `@studycircle/test-kit/browser`.
 * Test code only: production code never imports this package.
 */
export { freePort } from './free-port.js';
export {
  parseRange,
  startFileServer,
  type FileServer,
  type FileServerRoute,
} from './file-server.js';
export {
  createThrowawayDatabase,
  type ThrowawayDatabase,
  type ThrowawayDatabaseOptions,
} from './database.js';
export {
  REPO_ROOT,
  spawnEntry,
  startProcess,
  waitUntilReady,
  type RunningProcess,
  type SpawnOptions,
  type StartProcessOptions,
} from './processes.js';
export {
  SERVER_ENTRY,
  spawnServer,
  startServer,
  type ServerOptions,
  type ServerProcess,
  type StartServerOptions,
  type StartedServer,
} from './real-server.js';
export {
  createMediaNamespace,
  MEDIA_ADDRESS,
  MEDIA_INTERFACE,
  mediaNamespaceSupport,
  onPath,
  removeMediaNamespace,
  type MediaNamespace,
} from './netns.js';
export {
  decodeQuotedPrintable,
  startSmtpCapture,
  type CapturedMail,
  type SmtpCapture,
} from './smtp.js';
