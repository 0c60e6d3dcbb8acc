import { SYNC_DATA_SCHEMAS, type SyncConflict, type SyncKind } from '@studycircle/shared';

/**
 * How a put is written over the stored record, field by field
 * (docs/decisions/0070-field-level-merge.md). Pure: the repository reads the record under its
 * owner's lock, asks here what to write, and writes it.
 */

/** When each field was last written: its version, edit time (ms) and device (sync.tables.ts). */
export type FieldStamps = Record<string, { v: number; at: number; by?: string }>;

export interface StoredForMerge {
  data: Record<string, unknown>;
  version: number;
  stamps: FieldStamps | null;
  /** When the row was last written (ms): the edit time of fields written before stamps. */
  updatedAtMs: number;
}

export interface PutForMerge {
  kind: SyncKind;
  data: Record<string, unknown>;
  base?: number;
  fields?: readonly string[];
  device?: string;
}

export interface MergePlan {
  /** The record to store. */
  data: Record<string, unknown>;
  /** The fields whose value this put wrote (they get the new version's stamp). */
  written: string[];
  conflicts: SyncConflict[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every field name either record has. */
const allFields = (...records: Record<string, unknown>[]) => [
  ...new Set(records.flatMap((r) => Object.keys(r))),
];

/** The whole put, as written before fields were merged: a new record, or a put with no base. */
function whole(put: PutForMerge, stored: StoredForMerge | undefined): MergePlan {
  const written = allFields(put.data, stored?.data ?? {}).filter(
    (f) => !stored || !same(put.data[f], stored.data[f]),
  );
  return { data: put.data, written, conflicts: [] };
}

/**
 * What to store for `put` over `stored` (undefined: no record yet), the put's edit made at `at`.
 * A field the put changed is written unless another device wrote it after `base`; then the edit
 * made later keeps it, and the conflict names the value that lost.
 */
export function mergePut(
  put: PutForMerge,
  stored: StoredForMerge | undefined,
  at: number,
): MergePlan {
  if (!stored || put.base === undefined) return whole(put, stored);
  const base = put.base;
  const data: Record<string, unknown> = { ...stored.data };
  const written: string[] = [];
  const conflicts: SyncConflict[] = [];
  for (const field of put.fields ?? allFields(put.data, stored.data)) {
    const mine = put.data[field];
    const theirs = stored.data[field];
    if (same(mine, theirs)) continue;
    // A row written before stamps: every field counts as written with the row. A stamped row's
    // field with no stamp was never written since (a record's first write stamps every field).
    const stamp = stored.stamps
      ? (stored.stamps[field] ?? { v: 0, at: 0 })
      : { v: stored.version, at: stored.updatedAtMs };
    const concurrent = stamp.v > base && !(put.device !== undefined && stamp.by === put.device);
    if (concurrent && at < stamp.at) {
      conflicts.push({ field, kept: 'theirs', lost: mine ?? null });
      continue;
    }
    if (concurrent) conflicts.push({ field, kept: 'yours', lost: theirs ?? null });
    if (mine === undefined) delete data[field];
    else data[field] = mine;
    written.push(field);
  }
  // Each field is valid on its own; should a mix ever break the record's rules, the edit is
  // written whole, as before fields were merged.
  if (!SYNC_DATA_SCHEMAS[put.kind].safeParse(data).success) return whole(put, stored);
  return { data, written, conflicts };
}

/** The stamps after `written` were written by version `version`. */
export function stampFields(
  stamps: FieldStamps | null,
  written: readonly string[],
  stamp: { v: number; at: number; by?: string },
): FieldStamps {
  const next: FieldStamps = { ...(stamps ?? {}) };
  for (const field of written) next[field] = stamp;
  return next;
}

/** Whether two records hold the same value in every field, whatever the order of their keys. */
export function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return allFields(a, b).every((f) => same(a[f], b[f]));
}
