import {
  SYNC_DATA_SCHEMAS,
  SYNC_FIELDS,
  type SyncConflict,
  type SyncKind,
} from '@studycircle/shared';

/**
 * The browser's half of field-level merge (packages/shared sync.ts; docs/decisions/0070): which
 * fields an edit changed from the server's copy it was made from, and the record with lost values
 * put back. Pure, so the engine and the app share them and tests need no database.
 */

type Data = Record<string, unknown>;

/** Equal as the server compares them: by their JSON (an absent field and `undefined` are one). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `kind` whose value differs between `before` (the server's copy) and `after` (the
 * edit), present in either, in the contract's order. Names outside the kind's fields are left out:
 * the contract refuses them, which would drop the whole change.
 */
export function changedFields(kind: SyncKind, before: Data, after: Data): string[] {
  const known: readonly string[] = SYNC_FIELDS[kind];
  return known.filter(
    (field) => (field in before || field in after) && !same(before[field], after[field]),
  );
}

/**
 * `kind`'s record `data` with each of `values` written in. An absent value (`undefined`, or a
 * `null` the field cannot hold: JSON has no `undefined`, so a lost "no completion time" may come
 * as null) removes the field.
 */
export function withValues(kind: SyncKind, data: Data, values: Data): Data {
  const shape: Record<string, { safeParse(value: unknown): { success: boolean } }> =
    SYNC_DATA_SCHEMAS[kind].shape;
  const next: Data = { ...data };
  for (const [field, value] of Object.entries(values)) {
    const absent =
      value === undefined || (value === null && !shape[field]?.safeParse(null).success);
    if (absent) delete next[field];
    else next[field] = value;
  }
  return next;
}

/** The values a conflict's "Put back" / "Use mine" writes: each conflict's lost value. */
export function lostValues(conflicts: readonly SyncConflict[]): Data {
  return Object.fromEntries(conflicts.map((conflict) => [conflict.field, conflict.lost]));
}
