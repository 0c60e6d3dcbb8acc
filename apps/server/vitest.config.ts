import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { defineProject } from 'vitest/config';

/** Whether a `janus` executable is on the PATH (Debian's package; CI installs it). */
function janusInstalled(): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, 'janus'), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

// Integration tests build real apps on real databases and sockets: give them room, and run
// files in parallel processes (each file gets its own database).
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: [
      // Several nodes need a shared Redis: those suites run only when REDIS_URL is set (CI's
      // second pass, where redis-server is installed); without it the server is a single node
      // and the path does not exist.
      ...(process.env.REDIS_URL
        ? []
        : ['src/**/multi-node.test.ts', 'src/**/redis-outage.test.ts']),
      // Tests against a real Janus (*.janus.test.ts) run where Janus is installed, and once: they
      // need nothing of the database, so CI's PostgreSQL pass leaves them to the first.
      ...(janusInstalled() && !process.env.DATABASE_URL ? [] : ['src/**/*.janus.test.ts']),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
