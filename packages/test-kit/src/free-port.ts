import { createServer } from 'node:net';

/**
 * A loopback port that was free a moment ago: the OS picks one for a throwaway listener, which is
 * closed before the port is handed out. Another process could take it in between; on a test
 * machine that race is rare enough, and the caller's server then fails loudly on start.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
