import { Redis } from 'ioredis';

/**
 * Redis clients that survive Redis going away. Node ends the process on an unhandled rejection,
 * and ioredis rejects every command sent while Redis is down or after `quit()`, so a command
 * nobody waits for (the Socket.IO adapter publishes and unsubscribes without catching) would
 * take a node down when Redis restarts or the server shuts down. What each user of Redis does
 * meanwhile: docs/decisions/0019-redis-outages.md.
 */

/** What these helpers log through (Fastify's logger fits). */
export interface RedisLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * A command waits at most this long, also while queued for a connection that is being made
 * again: long enough for any real reply (they take well under a millisecond), short enough that
 * a request or a call join answers promptly during an outage instead of after ioredis's ~10 s
 * of retries.
 */
export const COMMAND_TIMEOUT_MS = 2_000;

/** The main client (rate limits, call seat locks), reporting its outages. */
export function createRedisClient(url: string, log: RedisLog): Redis {
  const client = new Redis(url, { commandTimeout: COMMAND_TIMEOUT_MS });
  reportOutages(client, 'main', log);
  return client;
}

/**
 * Logs the start of an outage once (ioredis emits an error for every reconnect attempt, and
 * prints it to stderr when nothing listens) and its end, with how many commands failed meanwhile.
 */
export function reportOutages(client: Redis, name: string, log: RedisLog): OutageReport {
  let down = false;
  let failed = 0;
  let lastFailureLoggedAt = 0;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err, redisClient: name }, 'Redis unavailable: reconnecting');
  });
  client.on('ready', () => {
    if (down || failed > 0) {
      log.info({ redisClient: name, failedCommands: failed }, 'Redis reachable again');
    }
    down = false;
    failed = 0;
  });
  return {
    commandFailed(err, command) {
      failed += 1;
      // Counted, not logged one by one: an outage fails every command sent during it.
      if (down || Date.now() - lastFailureLoggedAt < 30_000) return;
      lastFailureLoggedAt = Date.now();
      log.warn({ err, redisClient: name, command }, 'Redis command failed');
    },
  };
}

export interface OutageReport {
  commandFailed(err: Error, command: string): void;
}

/**
 * Marks the promise of every command sent on `client` as handled, so one that nobody awaits
 * cannot end the process; a caller that does await it still gets the rejection. `sendCommand`
 * is the one funnel of ioredis commands, and each command method returns that same promise.
 */
export function observeCommands(client: Redis, report: OutageReport): void {
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
    const result = send(...args) as Promise<unknown>;
    result.catch((err: Error) => report.commandFailed(err, args[0].name));
    return result;
  }) as Redis['sendCommand'];
}
