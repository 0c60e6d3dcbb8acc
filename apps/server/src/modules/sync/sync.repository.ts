import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { SyncKind, SyncMutation, SyncPushResult } from '@studycircle/shared';
import { fromTx, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';
import { syncMutations, syncRecords } from './sync.tables.js';
import { mergePut, sameRecord, stampFields } from './field-merge.js';

/**
 * The sync module's only access to the database: sync_records (every synced record of every
 * user, tombstones included), sync_mutations (mutation ids already applied) and the one version
 * sequence. docs/decisions/0022-study-data-on-the-server.md.
 *
 * Each mutation is applied in a transaction of its own that first takes a lock per owner (a
 * transaction-scoped advisory lock): one user's changes are therefore stamped and committed one
 * at a time, so their versions become visible in increasing order. Without that a pull could
 * see version 11 committed while 10 is still open, move its cursor past 10 and never see it.
 * Different users never wait for each other (apart from a rare collision of the lock's hash).
 */

/** The advisory lock's first key, naming "sync, per owner"; the second is a hash of the owner. */
const OWNER_LOCK_CLASS = 22;

export interface StoredRecord {
  kind: SyncKind;
  id: string;
  data: unknown;
  deleted: boolean;
  version: number;
  updatedAt: Date;
}

export function createSyncRepository(db: Db) {
  return {
    /**
     * Applies one mutation at most once: `duplicate` when its id was recorded before (with the
     * version it got then); a put is merged into the record field by field (field-merge.ts) and
     * stored with the next version when that changes anything, unless the record is a tombstone
     * (`ignored`, the tombstone's version); a delete makes or renews the tombstone. The id is
     * recorded in the same transaction as the change. `now` bounds a put's edit time: a device
     * whose clock runs ahead cannot win every conflict.
     */
    async apply(ownerId: string, m: SyncMutation, now = Date.now()): Promise<SyncPushResult> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${OWNER_LOCK_CLASS}, hashtext(${ownerId}))`,
        );
        const [done] = await tx
          .select({ version: syncMutations.version })
          .from(syncMutations)
          .where(
            and(eq(syncMutations.ownerId, ownerId), eq(syncMutations.mutationId, m.mutationId)),
          );
        if (done) return { mutationId: m.mutationId, status: 'duplicate', version: done.version };

        const key = { ownerId, kind: m.kind, id: m.id };
        const nextVersion = sql`nextval('sync_version_seq')`;
        let result: SyncPushResult;
        if (m.op === 'put') {
          // Read under the owner's lock (taken above), so nothing writes the record in between.
          const [stored] = await tx
            .select({
              data: syncRecords.data,
              deleted: syncRecords.deleted,
              version: syncRecords.version,
              fieldStamps: syncRecords.fieldStamps,
              updatedAt: syncRecords.updatedAt,
            })
            .from(syncRecords)
            .where(recordIs(ownerId, m.kind, m.id));
          if (stored?.deleted) {
            result = { mutationId: m.mutationId, status: 'ignored', version: stored.version };
          } else {
            const at = Math.min(m.at, now);
            const sent = m.data as Record<string, unknown>;
            const plan = mergePut(
              { kind: m.kind, data: sent, base: m.base, fields: m.fields, device: m.device },
              stored && {
                data: (stored.data ?? {}) as Record<string, unknown>,
                version: stored.version,
                stamps: stored.fieldStamps,
                updatedAtMs: stored.updatedAt.getTime(),
              },
              at,
            );
            let version = stored?.version ?? 0;
            if (!stored || plan.written.length > 0) {
              const seq = await tx.execute(sql`select nextval('sync_version_seq')::text as v`);
              version = Number((seq as unknown as { rows: { v: string }[] }).rows[0]!.v);
              const fieldStamps = stampFields(stored?.fieldStamps ?? null, plan.written, {
                v: version,
                at,
                ...(m.device ? { by: m.device } : {}),
              });
              if (stored) {
                await tx
                  .update(syncRecords)
                  .set({ data: plan.data, version, fieldStamps, updatedAt: sql`now()` })
                  .where(recordIs(ownerId, m.kind, m.id));
              } else {
                await tx
                  .insert(syncRecords)
                  .values({ ...key, data: plan.data, deleted: false, version, fieldStamps });
              }
            }
            result = { mutationId: m.mutationId, status: 'applied', version };
            if (!sameRecord(plan.data, sent)) result.data = plan.data;
            if (plan.conflicts.length > 0) result.conflicts = plan.conflicts;
          }
        } else {
          const [row] = await tx
            .insert(syncRecords)
            .values({ ...key, data: null, deleted: true, version: nextVersion })
            .onConflictDoUpdate({
              target: [syncRecords.ownerId, syncRecords.kind, syncRecords.id],
              set: {
                data: null,
                deleted: true,
                version: sql`excluded.version`,
                updatedAt: sql`now()`,
              },
            })
            .returning({ version: syncRecords.version });
          result = { mutationId: m.mutationId, status: 'applied', version: row!.version };
        }
        await tx.insert(syncMutations).values({
          ownerId,
          mutationId: m.mutationId,
          version: result.version,
          status: result.status,
        });
        return result;
      });
    },

    /** Which of these (owner, id) pairs are file notes that are not deleted. */
    async liveFileNotes(pairs: readonly { ownerId: string; id: string }[]): Promise<Set<string>> {
      if (pairs.length === 0) return new Set();
      const rows = await db
        .select({ ownerId: syncRecords.ownerId, id: syncRecords.id })
        .from(syncRecords)
        .where(
          and(
            eq(syncRecords.kind, 'fileNote'),
            eq(syncRecords.deleted, false),
            sql`(${syncRecords.ownerId}, ${syncRecords.id}) in (${sql.join(
              pairs.map((p) => sql`(${p.ownerId}, ${p.id})`),
              sql`, `,
            )})`,
          ),
        );
      return new Set(rows.map((r) => `${r.ownerId}/${r.id}`));
    },

    /**
     * The bytes of the owner's records as stored, in all and for the records named in `of` (kind
     * and id), which a push is about to replace. `pg_column_size` reads the stored size without
     * decompressing a value (as written, compressed when large): summing the JSON text instead
     * cost about 46 ms a push with 20 MB stored (decision 0044).
     */
    async storedBytes(
      ownerId: string,
      of: readonly { kind: SyncKind; id: string }[],
    ): Promise<{ total: number; replaced: number }> {
      const size = sql<number>`coalesce(pg_column_size(${syncRecords.data}), 0)`;
      const named =
        of.length === 0
          ? sql`false`
          : sql`(${syncRecords.kind}, ${syncRecords.id}) in (${sql.join(
              of.map((r) => sql`(${r.kind}, ${r.id})`),
              sql`, `,
            )})`;
      const [row] = await db
        .select({
          total: sql<string>`coalesce(sum(${size}), 0)`,
          replaced: sql<string>`coalesce(sum(${size}) filter (where ${named}), 0)`,
        })
        .from(syncRecords)
        .where(and(eq(syncRecords.ownerId, ownerId), eq(syncRecords.deleted, false)));
      return { total: Number(row?.total ?? 0), replaced: Number(row?.replaced ?? 0) };
    },

    /** The owner's changes with a version above `since`, oldest first, at most `limit`. */
    async changesSince(ownerId: string, since: number, limit: number): Promise<StoredRecord[]> {
      const rows = await db
        .select({
          kind: syncRecords.kind,
          id: syncRecords.id,
          data: syncRecords.data,
          deleted: syncRecords.deleted,
          version: syncRecords.version,
          updatedAt: syncRecords.updatedAt,
        })
        .from(syncRecords)
        .where(and(eq(syncRecords.ownerId, ownerId), gt(syncRecords.version, since)))
        .orderBy(asc(syncRecords.version))
        .limit(limit);
      return rows.map((r) => ({ ...r, kind: r.kind as SyncKind }));
    },

    /** One record of the owner's, tombstone or not. */
    async record(ownerId: string, kind: SyncKind, id: string): Promise<StoredRecord | undefined> {
      const [row] = await db
        .select({
          kind: syncRecords.kind,
          id: syncRecords.id,
          data: syncRecords.data,
          deleted: syncRecords.deleted,
          version: syncRecords.version,
          updatedAt: syncRecords.updatedAt,
        })
        .from(syncRecords)
        .where(recordIs(ownerId, kind, id));
      return row && { ...row, kind: row.kind as SyncKind };
    },

    /** True when the owner's mutation id has been applied already. */
    async isApplied(ownerId: string, mutationId: string): Promise<boolean> {
      const [row] = await db
        .select({ version: syncMutations.version })
        .from(syncMutations)
        .where(and(eq(syncMutations.ownerId, ownerId), eq(syncMutations.mutationId, mutationId)));
      return row !== undefined;
    },

    /** Forgets applied mutation ids recorded before `before`; returns how many. */
    async pruneMutations(before: Date): Promise<number> {
      const rows = await db
        .delete(syncMutations)
        .where(lt(syncMutations.createdAt, before))
        .returning({ ownerId: syncMutations.ownerId });
      return rows.length;
    },

    /**
     * The student's open (not done, not completed, not deleted) synced tasks due on one of `days`
     * (docs/product.md §11.4: done or completed counts as completed). Rows are parsed by the caller.
     */
    async openTasksDue(userId: string, days: string[]): Promise<unknown[]> {
      const rows = await db
        .select({ data: syncRecords.data })
        .from(syncRecords)
        .where(
          and(
            eq(syncRecords.ownerId, userId),
            eq(syncRecords.kind, 'task'),
            eq(syncRecords.deleted, false),
            inArray(sql`${syncRecords.data}->>'due'`, days),
            sql`coalesce(${syncRecords.data}->>'status', 'open') <> 'done'`,
            sql`coalesce(${syncRecords.data}->>'completed', 'false') <> 'true'`,
          ),
        );
      return rows.map((r) => r.data);
    },

    /** Whether `taskId` is one of the student's synced tasks, not deleted. */
    async ownsTask(userId: string, taskId: string): Promise<boolean> {
      const rows = await db
        .select({ id: syncRecords.id })
        .from(syncRecords)
        .where(
          and(
            eq(syncRecords.ownerId, userId),
            eq(syncRecords.kind, 'task'),
            eq(syncRecords.id, taskId),
            eq(syncRecords.deleted, false),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /**
     * When each of the student's synced tasks that is completed now was completed (ms); tasks
     * deleted since do not count.
     */
    async taskCompletionTimes(userId: string): Promise<number[]> {
      const rows = await db
        .select({ at: sql<string | null>`${syncRecords.data}->>'completedAt'` })
        .from(syncRecords)
        .where(
          and(
            eq(syncRecords.ownerId, userId),
            eq(syncRecords.kind, 'task'),
            eq(syncRecords.deleted, false),
            sql`(${syncRecords.data}->>'completed' = 'true' or ${syncRecords.data}->>'status' = 'done')`,
          ),
        );
      return rows.map((r) => Number(r.at)).filter((at) => Number.isFinite(at) && at > 0);
    },
  };
}

function recordIs(ownerId: string, kind: SyncKind, id: string) {
  return and(eq(syncRecords.ownerId, ownerId), eq(syncRecords.kind, kind), eq(syncRecords.id, id));
}

export type SyncRepository = ReturnType<typeof createSyncRepository>;

/**
 * The account's synced study data (records, tombstones and the mutation log), on the account
 * deletion's transaction (docs/decisions/0065-account-deletion-in-one-transaction.md).
 */
export async function deleteSyncDataOfAccount(transaction: Tx, userId: string): Promise<void> {
  const tx = fromTx(transaction);
  await tx.delete(syncMutations).where(eq(syncMutations.ownerId, userId));
  await tx.delete(syncRecords).where(eq(syncRecords.ownerId, userId));
}
