import { defineProject } from 'vitest/config';

// Integration tests build real apps on real databases and sockets: give them room, and run
// files in parallel processes (each file gets its own database).
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Several nodes need a shared Redis: those suites run only when REDIS_URL is set (CI's second
    // pass, where redis-server is installed); without it the server is a single node and the
    // path does not exist.
    exclude: process.env.REDIS_URL
      ? []
      : ['src/**/multi-node.test.ts', 'src/**/redis-outage.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
