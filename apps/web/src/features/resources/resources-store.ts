import type { ResourceData } from '@studycircle/shared';
import { StorageWriteError, isRecord, readString, removeKey, writeString } from '../../lib/storage';
import {
  releaseLocalChange,
  reportLocalChanges,
  syncedAccount,
  withdrawLocalChange,
  type LocalChange,
} from '../../lib/sync/local-changes';
import { placeIn, putBack } from '../../lib/sync/undoable-delete';
import { RESOURCE_TYPES, type ResourceType } from './resource-rules';

/**
 * The only code that touches the resource keys (docs/product.md §12.4):
 * - userResources:{owner}, the user's own list, where owner is the user's _id, else id, else
 *   email, else 'guest' (a signed-out visitor);
 * - userResources, the shared list, which every save also writes.
 * Loading: a signed-in user whose own list is missing or empty starts from the shared list. An
 * unreadable or non-list value reads as empty; an entry without a title reads as absent.
 *
 * Entries: id, title, link (a full http(s) URL), type, tags, uploadedAt (ms), by. New entries
 * are appended, so the newest is last (the dashboard shows the last 4, newest first).
 *
 * Signed in, the user's list (and the shared key every save writes) is the account's offline copy
 * (docs/product.md §15.4): adding and removing report to the sync engine
 * (lib/sync/local-changes); the server's changes come back through applyRemoteResources, which
 * reports nothing. The guest list (userResources:guest) is this device's own.
 */

export const SHARED_RESOURCES_KEY = 'userResources';
export const RESOURCES_UPDATED_EVENT = 'resources-updated';

export interface Resource {
  id: string;
  title: string;
  link: string;
  type: ResourceType;
  tags: string[];
  uploadedAt: number;
  by: string;
}

/** Who owns a list: the fields of a user record this module looks at. */
export interface ResourceOwner {
  _id?: unknown;
  id?: unknown;
  email?: unknown;
  name?: unknown;
  username?: unknown;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The per-user key: userResources: followed by the user's _id, else id, else email, else guest. */
export function resourcesKeyFor(user: ResourceOwner | null | undefined): string {
  const owner = (user && (text(user._id) ?? text(user.id) ?? text(user.email))) || 'guest';
  return `${SHARED_RESOURCES_KEY}:${owner}`;
}

/** The uploader shown on a card: the user's name, or username, else 'You'. */
export function uploaderName(user: ResourceOwner | null | undefined): string {
  return (user && (text(user.name) ?? text(user.username))) || 'You';
}

function toResource(value: unknown, index: number): Resource | null {
  if (!isRecord(value)) return null;
  const title = text(value.title);
  if (!title) return null;
  const uploadedAt = typeof value.uploadedAt === 'number' ? value.uploadedAt : 0;
  return {
    id: text(value.id) ?? (typeof value.id === 'number' ? String(value.id) : `resource-${index}`),
    title,
    link: typeof value.link === 'string' ? value.link : '',
    type: RESOURCE_TYPES.includes(value.type as ResourceType)
      ? (value.type as ResourceType)
      : 'notes',
    tags: Array.isArray(value.tags)
      ? value.tags.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '')
      : [],
    uploadedAt: Number.isFinite(uploadedAt) ? uploadedAt : 0,
    by: text(value.by) ?? 'You',
  };
}

/** Parses a raw stored value; anything that is not a list reads as empty. */
export function parseResources(raw: string | null): Resource[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.map(toResource).filter((r): r is Resource => r !== null);
  } catch {
    return [];
  }
}

/** The shared list (userResources), as every save leaves it. */
export function readSharedResources(): Resource[] {
  return parseResources(readString(SHARED_RESOURCES_KEY));
}

/**
 * The list the Resources page shows for `user` (null when signed out): the per-user list, or,
 * for a signed-in user whose own list is missing or empty, the shared one (docs/product.md §12.4).
 */
export function readResources(user: ResourceOwner | null | undefined): Resource[] {
  const own = parseResources(readString(resourcesKeyFor(user)));
  if (user && own.length === 0) return readSharedResources();
  return own;
}

/** Unique ids: randomUUID where the browser has it (secure contexts), else time plus random. */
export function newResourceId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `res-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Writes the per-user and the shared key. Throws StorageWriteError if either is refused, after
 * putting back what the per-user key held, so the two stay as they were.
 */
function save(user: ResourceOwner | null | undefined, list: Resource[]): void {
  const key = resourcesKeyFor(user);
  const before = readString(key);
  const json = JSON.stringify(list);
  if (!writeString(key, json)) throw new StorageWriteError(key);
  if (!writeString(SHARED_RESOURCES_KEY, json)) {
    if (before === null) removeKey(key);
    else writeString(key, before);
    throw new StorageWriteError(SHARED_RESOURCES_KEY);
  }
  window.dispatchEvent(new Event(RESOURCES_UPDATED_EVENT));
}

export interface NewResource {
  title: string;
  link: string;
  type: ResourceType;
  tags: string[];
}

/** Appends an already validated resource (see validateResourceForm) for `user`. */
export function addResource(
  user: ResourceOwner | null | undefined,
  input: NewResource,
  now: number = Date.now(),
): Resource {
  const resource: Resource = {
    id: newResourceId(),
    title: input.title,
    link: input.link,
    type: input.type,
    tags: input.tags,
    uploadedAt: now,
    by: uploaderName(user),
  };
  save(user, [...readResources(user), resource]);
  reportLocalChanges([put(resource)]);
  return resource;
}

/** Removes one resource from the user's list (and so from the shared one). */
export function removeResource(user: ResourceOwner | null | undefined, id: string): void {
  const list = readResources(user);
  save(
    user,
    list.filter((resource) => resource.id !== id),
  );
  if (list.some((resource) => resource.id === id)) {
    reportLocalChanges([{ op: 'delete', kind: 'resource', id }]);
  }
}

/**
 * How long the sync engine keeps an undoable removal unsent when nothing ends its Undo sooner
 * (docs/decisions/0064-undo-a-delete.md): the Undo's 5 s with room to spare.
 */
export const REMOVE_HOLD_MS = 10_000;

/** A removal that can still be undone: the resource as it was, and where it sat. */
export interface RemovedResource {
  resource: Resource;
  index: number;
  /** The id of the resource after it in the stored list (null: it was last). */
  nextId: string | null;
  mutationId: string;
  /** Whose copy the list was (null: this device's guest data); Undo puts it back only there. */
  account: string | null;
}

/**
 * Removes a resource here at once, holding its delete back from the account's other devices
 * until commitRemovedResource (or the hold ends). Null for an unknown id. Throws
 * StorageWriteError when storage refuses the write.
 */
export function removeResourceUndoably(
  user: ResourceOwner | null | undefined,
  id: string,
): RemovedResource | null {
  const list = readResources(user);
  const place = placeIn(list, id);
  if (!place) return null;
  save(
    user,
    list.filter((r) => r.id !== id),
  );
  const mutationId = newResourceId();
  reportLocalChanges([{ op: 'delete', kind: 'resource', id, mutationId, holdMs: REMOVE_HOLD_MS }]);
  return {
    resource: place.item,
    index: place.index,
    nextId: place.nextId,
    mutationId,
    account: syncedAccount(),
  };
}

/** Ends a removal's Undo: the other devices are told now. */
export function commitRemovedResource(removed: RemovedResource): void {
  releaseLocalChange(removed.mutationId);
}

/**
 * Puts a removed resource back as it was, in its place, and withdraws the held delete. Resolves
 * false when the delete had already reached the server (the put sent then is refused there, and
 * the engine removes the resource here again).
 */
export async function undoRemoveResource(
  user: ResourceOwner | null | undefined,
  removed: RemovedResource,
): Promise<boolean> {
  if (syncedAccount() !== removed.account) return false;
  const restored = putBack(readResources(user), { ...removed, item: removed.resource });
  if (restored) save(user, restored);
  const withdrawn = await withdrawLocalChange(removed.mutationId);
  if (!withdrawn) reportLocalChanges([put(removed.resource)]);
  return withdrawn;
}

/** A resource as the server stores it: everything but the id (packages/shared sync.ts). */
export function resourceData(resource: Resource): ResourceData {
  const { id: _id, ...data } = resource;
  return data;
}

function put(resource: Resource, mutationId?: string): LocalChange {
  return {
    op: 'put',
    kind: 'resource',
    id: resource.id,
    data: resourceData(resource),
    ...(mutationId ? { mutationId } : {}),
  };
}

/** A record from the server: its data, or null once deleted. */
export interface RemoteResource {
  id: string;
  data: ResourceData | null;
}

/**
 * Writes the server's changes into `user`'s list (and the shared key) without reporting them back:
 * a known resource is replaced in place, a new one appended, a deleted one removed. Nothing is
 * written when nothing differs.
 */
export function applyRemoteResources(
  user: ResourceOwner,
  records: readonly RemoteResource[],
): void {
  if (records.length === 0) return;
  const raw = readString(resourcesKeyFor(user));
  const list = parseResources(raw);
  const next: (Resource | null)[] = [...list];
  const index = new Map(list.map((resource, i) => [resource.id, i]));
  for (const { id, data } of records) {
    const at = index.get(id);
    const resource = data ? toResource({ ...data, id }, 0) : null;
    if (at === undefined) {
      if (resource) index.set(id, next.push(resource) - 1);
    } else {
      next[at] = resource;
    }
  }
  const result = next.filter((resource): resource is Resource => resource !== null);
  if (JSON.stringify(result) !== raw || readString(SHARED_RESOURCES_KEY) !== raw) {
    save(user, result);
  }
}

/**
 * Adds resources to `user`'s list as this device's own changes, keeping their ids (guest resources
 * taken into the account); each is reported with the mutation id `mutationIdOf` gives it, so
 * taking the same resources twice sends the same mutations, which the server applies once.
 */
export function adoptResources(
  user: ResourceOwner,
  adopted: readonly Resource[],
  mutationIdOf: (resource: Resource) => string,
): void {
  if (adopted.length === 0) return;
  const ids = new Set(adopted.map((resource) => resource.id));
  const own = parseResources(readString(resourcesKeyFor(user)));
  save(user, [...own.filter((resource) => !ids.has(resource.id)), ...adopted]);
  reportLocalChanges(adopted.map((resource) => put(resource, mutationIdOf(resource))));
}

/** The guest list (userResources:guest): what a signed-out visitor added on this device. */
export function readGuestResources(): Resource[] {
  return parseResources(readString(resourcesKeyFor(null)));
}

/** Removes some of the guest list (the ones taken into an account). */
export function forgetGuestResources(ids: ReadonlySet<string>): void {
  const key = resourcesKeyFor(null);
  const rest = parseResources(readString(key)).filter((resource) => !ids.has(resource.id));
  if (rest.length === 0) removeKey(key);
  else writeString(key, JSON.stringify(rest));
  window.dispatchEvent(new Event(RESOURCES_UPDATED_EVENT));
}

/** The raw value of `user`'s own list (a list this device kept before it was the account's copy). */
export function readOwnResourcesRaw(user: ResourceOwner): string | null {
  return readString(resourcesKeyFor(user));
}

/** Removes `user`'s list and the shared key, which mirrors it (docs/product.md §12.4). */
export function forgetAccountResources(user: ResourceOwner): void {
  removeKey(resourcesKeyFor(user));
  removeKey(SHARED_RESOURCES_KEY);
  window.dispatchEvent(new Event(RESOURCES_UPDATED_EVENT));
}

/** Puts a set-aside own list back under `user`'s key, keeping what is there (same id, same one). */
export function restoreOwnResources(user: ResourceOwner, raw: string): void {
  const key = resourcesKeyFor(user);
  const current = parseResources(readString(key));
  const ids = new Set(current.map((resource) => resource.id));
  const back = parseResources(raw).filter((resource) => !ids.has(resource.id));
  if (back.length === 0) return;
  writeString(key, JSON.stringify([...back, ...current]));
  window.dispatchEvent(new Event(RESOURCES_UPDATED_EVENT));
}

/** Calls `listener` after a change here or in another tab; returns the unsubscribe function. */
export function subscribeResources(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(SHARED_RESOURCES_KEY)) listener();
  };
  window.addEventListener(RESOURCES_UPDATED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(RESOURCES_UPDATED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
