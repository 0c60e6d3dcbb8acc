import type { FastifyBaseLogger } from 'fastify';
import {
  ERROR_CODES,
  SYNC_MESSAGES,
  fileNameForType,
  tryAgainIn,
  type FileNoteData,
  type SyncChange,
  type SyncMutation,
  type SyncPullResponse,
  type SyncPushInput,
  type SyncPushResponse,
  type SyncPushResult,
} from '@studycircle/shared';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../lib/events.js';
import type { LimitRule, RateLimiter } from '../../lib/rate-limiter.js';
import type { AuthUser } from '../auth/auth.types.js';
import type { FileStore, StoredFile } from '../storage/file-store.js';
import { deleteSyncDataOfAccount, type SyncRepository } from './sync.repository.js';

/**
 * A signed-in student's study data on the server (packages/shared sync.ts,
 * docs/decisions/0022-study-data-on-the-server.md): push applies a device's queued mutations,
 * pull hands back everything above a cursor, and after a push that changed anything the
 * `records-changed` event lets room presence poke the user's other devices. File notes keep
 * their bytes in the file store (modules/storage); only their owner reads them through here.
 */

/** What the sync service publishes; room presence turns it into a `sync-poke`. */
export interface SyncEvents {
  /**
   * Something of the user's was stored; `version` is the newest version it got, `records` the
   * records the push changed (the room workspace refreshes the rooms they are shared with).
   */
  'records-changed': {
    userId: string;
    version: number;
    records: { kind: SyncMutation['kind']; id: string }[];
  };
}

/**
 * Per account and minute, times RATE_LIMIT_FACTOR (docs/decisions/0007-rate-limits.md): far above
 * what a person makes (a device back online sends its queue in pushes of up to 100 mutations),
 * low enough that one buggy client in a loop cannot flood the database.
 */
export const SYNC_RATE_LIMITS = {
  push: { max: 300, windowMs: 60_000 },
  fileUpload: { max: 60, windowMs: 60_000 },
} as const satisfies Record<string, LimitRule>;

/**
 * What one account may send and keep (docs/decisions/0044-sync-quotas.md). Per window (times
 * RATE_LIMIT_FACTOR): changes and their bytes, far above a person's typing and a device's queue
 * after a week offline, far below the 300 MB a minute one script sent. In all: the bytes of the
 * account's records as stored, text notes above all (a file note's bytes are apart, at most 256
 * KB each, and uploads not used by a note are collected).
 */
export interface SyncQuotas {
  windowMs: number;
  changesPerWindow: number;
  bytesPerWindow: number;
  storedBytes: number;
}
export const SYNC_QUOTAS: SyncQuotas = {
  windowMs: 60_000,
  changesPerWindow: 600,
  bytesPerWindow: 20 * 1024 * 1024,
  storedBytes: 100 * 1024 * 1024,
};

/** Applied mutation ids are kept this long: a device offline longer re-sends idempotent puts. */
export const MUTATION_ID_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * An upload that no file note uses this long after it was stored is removed: the note is pushed
 * right after its upload, so only a device that never pushed it (or a script) leaves one behind.
 */
export const ORPHAN_FILE_MS = 24 * 60 * 60 * 1000;
/** Files looked at per page while collecting. */
const ORPHAN_PAGE = 500;

/** Old mutation ids are pruned on a node's first push and then every this many pushes. */
const PRUNE_EVERY_PUSHES = 1000;

export const SYNC_SERVER_MESSAGES = {
  rateLimited: 'Too many changes sent at once.',
  fileMissing: (id: string) =>
    `The file of file note ${id} has not been uploaded; upload it (PUT /api/sync/files/${id}) before pushing the note.`,
  sizeMismatch: (id: string) =>
    `The size of file note ${id} does not match its uploaded file; upload the file again.`,
  fileOfDeletedNote: 'This file note was deleted; its file is no longer stored.',
  windowQuota: (quotas: Pick<SyncQuotas, 'changesPerWindow' | 'bytesPerWindow'>) =>
    `More changes were sent in a minute than an account may send (${quotas.changesPerWindow} changes or ${Math.round(quotas.bytesPerWindow / 1024 / 1024)} MB); they stay on this device and are sent again.`,
  storedQuota: (quotas: Pick<SyncQuotas, 'storedBytes'>) =>
    `Your notes, tasks and resources are over the ${Math.round(quotas.storedBytes / 1024 / 1024)} MB an account may store, so this change was not saved on the server. Delete or shorten some notes, then edit this one again.`,
} as const;

export interface SyncServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: SyncRepository;
  files: FileStore;
  events: EventPublisher<SyncEvents>;
  rateLimiter: RateLimiter;
  rateLimitFactor: number;
  log: FastifyBaseLogger;
  /** Tests lower the quotas to reach them with a few changes. */
  quotas?: Partial<SyncQuotas>;
}

export function createSyncService({
  repo,
  files,
  events,
  rateLimiter,
  rateLimitFactor,
  log,
  quotas: quotaOverrides,
}: SyncServiceDeps) {
  const quotas = { ...SYNC_QUOTAS, ...quotaOverrides };
  let pushesUntilPrune = 0;

  async function spend(userId: string, name: keyof typeof SYNC_RATE_LIMITS): Promise<void> {
    const rule = SYNC_RATE_LIMITS[name];
    const key = `sync-${name}:${userId}`;
    if (
      (await rateLimiter.hit(key, rule.windowMs)) >
      Math.max(1, Math.floor(rule.max * rateLimitFactor))
    ) {
      const waitMs = await rateLimiter.msUntilReset(key);
      throw AppError.tooManyRequests(
        `${SYNC_SERVER_MESSAGES.rateLimited} ${tryAgainIn(waitMs)}`,
        waitMs,
      );
    }
  }

  /**
   * A file note's put needs its bytes stored first, with the size the note states. Checked for
   * the whole push before anything is applied, so a refused push changed nothing. Puts that will
   * answer duplicate or ignored need no file (the file of a deleted note is gone). Returns the
   * mutations to apply: a file note's type is the one decided from its bytes, and its name
   * carries that type's extension and no hidden characters (fileNameForType).
   */
  async function checkFileNotes(userId: string, mutations: SyncMutation[]) {
    const checked: SyncMutation[] = [];
    for (const m of mutations) {
      checked.push(m);
      if (m.op !== 'put' || m.kind !== 'fileNote') continue;
      if (await repo.isApplied(userId, m.mutationId)) continue;
      if ((await repo.record(userId, 'fileNote', m.id))?.deleted) continue;
      const stored = await files.stat(userId, m.id);
      if (!stored) throw AppError.badRequest(SYNC_SERVER_MESSAGES.fileMissing(m.id));
      if (stored.size !== m.data.size) {
        throw AppError.badRequest(SYNC_SERVER_MESSAGES.sizeMismatch(m.id));
      }
      const fileName = fileNameForType(m.data.fileName, stored.contentType);
      checked[checked.length - 1] = {
        ...m,
        data: { ...m.data, fileName, fileType: stored.contentType },
      };
    }
    return checked;
  }

  /**
   * The account's quotas for a push (SYNC_QUOTAS): over the window's changes or bytes, 429 with
   * Retry-After (the browser keeps the changes queued and sends them again); a push that would
   * take the account's stored bytes over its quota, 413 (the browser drops that change and says
   * why). A push that does not grow what is stored (an edit that shortens, a delete) always
   * passes, so an account over its quota can always make room.
   */
  async function checkQuotas(userId: string, mutations: SyncMutation[]): Promise<void> {
    const sizes = mutations.map((m) =>
      m.op === 'put' ? Buffer.byteLength(JSON.stringify(m.data)) : 0,
    );
    const bytes = sizes.reduce((sum, n) => sum + n, 0);
    const changesKey = `sync-changes:${userId}`;
    const bytesKey = `sync-bytes:${userId}`;
    const changes = await rateLimiter.hit(changesKey, quotas.windowMs, mutations.length);
    const sent = await rateLimiter.hit(bytesKey, quotas.windowMs, Math.max(bytes, 1));
    const limit = (max: number) => Math.max(1, Math.floor(max * rateLimitFactor));
    if (changes > limit(quotas.changesPerWindow) || sent > limit(quotas.bytesPerWindow)) {
      const waitMs = Math.max(
        await rateLimiter.msUntilReset(changesKey),
        await rateLimiter.msUntilReset(bytesKey),
      );
      throw AppError.tooManyRequests(
        `${SYNC_SERVER_MESSAGES.windowQuota(quotas)} ${tryAgainIn(waitMs)}`,
        waitMs,
      );
    }
    // The last change of each record in the push is the one that stays.
    const last = new Map<string, number>();
    mutations.forEach((m, i) => last.set(`${m.kind}:${m.id}`, i));
    const touched = [...last.values()].map((i) => ({
      kind: mutations[i]!.kind,
      id: mutations[i]!.id,
    }));
    const incoming = [...last.values()].reduce((sum, i) => sum + sizes[i]!, 0);
    const stored = await repo.storedBytes(userId, touched);
    const after = stored.total - stored.replaced + incoming;
    if (after > quotas.storedBytes && after > stored.total) {
      throw new AppError(ERROR_CODES.bodyTooLarge, 413, SYNC_SERVER_MESSAGES.storedQuota(quotas));
    }
  }

  async function pruneSometimes(): Promise<void> {
    if (pushesUntilPrune-- > 0) return;
    pushesUntilPrune = PRUNE_EVERY_PUSHES;
    try {
      await service.pruneMutations();
    } catch (err) {
      log.warn({ err }, 'could not prune old sync mutation ids');
    }
  }

  const service = {
    /**
     * The student's open synced tasks due on one of `days` (yyyy-mm-dd), as stored, for the
     * reminder mail to parse: the sync module owns the records, others read them through here.
     */
    tasksDue(userId: string, days: string[]): Promise<unknown[]> {
      return repo.openTasksDue(userId, days);
    },

    /** Whether `taskId` is one of the student's own synced tasks, not deleted (a focus goal). */
    ownsTask(userId: string, taskId: string): Promise<boolean> {
      return repo.ownsTask(userId, taskId);
    },

    /** When each of the student's tasks that is completed now was completed (ms), for streaks. */
    taskCompletionTimes(userId: string): Promise<number[]> {
      return repo.taskCompletionTimes(userId);
    },

    /**
     * The sync part of deleting an account, on its transaction: its records and mutation log
     * (docs/decisions/0065-account-deletion-in-one-transaction.md). Its uploads are the file store's step.
     */
    deleteAccountData(tx: Tx, userId: string): Promise<void> {
      return deleteSyncDataOfAccount(tx, userId);
    },

    /** Applies the mutations in order, each in its own transaction; one result per mutation. */
    async push(user: AuthUser, input: SyncPushInput): Promise<SyncPushResponse> {
      await spend(user.id, 'push');
      await checkQuotas(user.id, input.mutations);
      const mutations = await checkFileNotes(user.id, input.mutations);
      const results: SyncPushResult[] = [];
      let newest = 0;
      const changed: { kind: SyncMutation['kind']; id: string }[] = [];
      for (const m of mutations) {
        const result = await repo.apply(user.id, m);
        results.push(result);
        if (result.status === 'applied') {
          newest = Math.max(newest, result.version);
          changed.push({ kind: m.kind, id: m.id });
          // The bytes go with the note; an S3-compatible store cannot join the transaction, so
          // this follows its commit (a failure here leaves bytes nobody can read: logged).
          if (m.op === 'delete' && m.kind === 'fileNote') {
            await files.delete(user.id, m.id).catch((err: unknown) => {
              log.warn({ err, userId: user.id, id: m.id }, "could not delete a file note's bytes");
            });
          }
        }
      }
      if (newest > 0) {
        // The changes are committed whatever happens to the poke; the other devices pull on
        // their next connect at the latest, so a failed poke must not fail the push.
        await events
          .emit('records-changed', { userId: user.id, version: newest, records: changed })
          .catch((err: unknown) => {
            log.warn({ err, userId: user.id }, "could not poke the user's devices");
          });
      }
      await pruneSometimes();
      return { results };
    },

    /** The user's changes above `since`, oldest first; `hasMore` when a page was filled. */
    async pull(user: AuthUser, query: { since: number; limit: number }): Promise<SyncPullResponse> {
      // One row more than asked tells whether another page waits.
      const rows = await repo.changesSince(user.id, query.since, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const changes = page.map(
        (r): SyncChange =>
          (r.deleted
            ? {
                kind: r.kind,
                id: r.id,
                version: r.version,
                deleted: true,
                data: null,
                updatedAt: r.updatedAt.toISOString(),
              }
            : {
                kind: r.kind,
                id: r.id,
                version: r.version,
                deleted: false,
                data: r.data,
                updatedAt: r.updatedAt.toISOString(),
              }) as SyncChange,
      );
      return {
        changes,
        cursor: page.at(-1)?.version ?? query.since,
        hasMore: rows.length > query.limit,
      };
    },

    /**
     * Stores a file note's bytes (before its record is pushed). 409 when the note was deleted:
     * its bytes would never be read again.
     */
    async uploadFile(user: AuthUser, id: string, bytes: Buffer) {
      await spend(user.id, 'fileUpload');
      if ((await repo.record(user.id, 'fileNote', id))?.deleted) {
        throw AppError.conflict(SYNC_SERVER_MESSAGES.fileOfDeletedNote);
      }
      const stored = await files.put(user.id, id, bytes);
      return { id, contentType: stored.contentType, size: stored.size };
    },

    /**
     * The owner's file with the name its note gives it. 404 alike for another user's file, a
     * deleted note and a note whose bytes are missing: nothing says which exists.
     */
    async readFile(user: AuthUser, id: string): Promise<{ file: StoredFile; fileName: string }> {
      const record = await repo.record(user.id, 'fileNote', id);
      const file = record && !record.deleted ? await files.get(user.id, id) : undefined;
      if (!record || !file) throw AppError.notFound(SYNC_MESSAGES.fileNotFound);
      // Cleaned again on the way out: a note stored before names were cleaned keeps its name.
      return {
        file,
        fileName: fileNameForType((record.data as FileNoteData).fileName, file.contentType),
      };
    },

    /**
     * Removes uploads older than ORPHAN_FILE_MS that no file note uses (never pushed, or whose
     * note is gone); returns how many. Runs on a timer on every node (sync.scheduler.ts); two
     * nodes removing the same file do no harm.
     */
    async collectOrphanFiles(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - ORPHAN_FILE_MS);
      let after: { ownerId: string; id: string } | undefined;
      let removed = 0;
      for (;;) {
        const page = await files.storedBefore(before, after, ORPHAN_PAGE);
        if (page.length === 0) return removed;
        const used = await repo.liveFileNotes(page);
        for (const f of page) {
          if (used.has(`${f.ownerId}/${f.id}`)) continue;
          await files.delete(f.ownerId, f.id);
          removed += 1;
        }
        if (page.length < ORPHAN_PAGE) return removed;
        after = page.at(-1);
      }
    },

    /** Forgets applied mutation ids older than MUTATION_ID_RETENTION_MS; returns how many. */
    pruneMutations(now = new Date()): Promise<number> {
      return repo.pruneMutations(new Date(now.getTime() - MUTATION_ID_RETENTION_MS));
    },
  };
  return service;
}

export type SyncService = ReturnType<typeof createSyncService>;
