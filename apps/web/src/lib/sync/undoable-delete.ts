/**
 * Where a deleted record sat in its stored list, and how to put it back there, for the study
 * stores' Undo (docs/decisions/0064-undo-a-delete.md): before the record that followed it, or at
 * its old index when that one is gone too.
 */

export interface ListPlace<T> {
  item: T;
  index: number;
  /** The id of the record after it (null: it was last). */
  nextId: string | null;
}

/** The record with `id` and its place in `list`; null when it is not there. */
export function placeIn<T extends { id: string }>(
  list: readonly T[],
  id: string,
): ListPlace<T> | null {
  const index = list.findIndex((entry) => entry.id === id);
  const item = list[index];
  return item ? { item, index, nextId: list[index + 1]?.id ?? null } : null;
}

/** `list` with `place.item` back in its place; null when the list holds it already. */
export function putBack<T extends { id: string }>(
  list: readonly T[],
  place: { item: T; index: number; nextId: string | null },
): T[] | null {
  if (list.some((entry) => entry.id === place.item.id)) return null;
  const after = place.nextId === null ? -1 : list.findIndex((entry) => entry.id === place.nextId);
  const at = after === -1 ? Math.min(place.index, list.length) : after;
  return [...list.slice(0, at), place.item, ...list.slice(at)];
}
