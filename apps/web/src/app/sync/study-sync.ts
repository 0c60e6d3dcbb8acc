import type { FileNoteData, SyncChange, SyncPoke, TextNoteData } from '@studycircle/shared';
import type { AuthUser } from '../../features/auth';
import {
  adoptNotes,
  applyRemoteNotes,
  forgetNotes,
  newTextNoteId,
  parseFileNotes,
  parseTextNotes,
  readNotesRaw,
  restoreNotes,
  type RemoteRecord,
} from '../../features/notes/notes-store';
import {
  adoptResources,
  applyRemoteResources,
  forgetAccountResources,
  forgetGuestResources,
  newResourceId,
  parseResources,
  readGuestResources,
  readOwnResourcesRaw,
  restoreOwnResources,
  type RemoteResource,
  type ResourceOwner,
} from '../../features/resources/resources-store';
import {
  adoptTasks,
  applyRemoteTasks,
  forgetTasks,
  newId,
  parseTasks,
  readTasksRaw,
  restoreTasks,
  type RemoteTask,
} from '../../features/tasks/tasks-store';
import { acquireSocket } from '../../lib/socket';
import { SyncEngine, type SyncNotice, type SyncStatus } from '../../lib/sync/engine';
import {
  readGuestStash,
  writeGuestStash,
  deleteGuestStash,
  type GuestStash,
} from '../../lib/sync/guest-stash';
import {
  dropUnattachedChanges,
  forgetSyncedAccount,
  markSyncedAccount,
  reportLocalChanges,
  syncedAccount,
  type LocalChange,
} from '../../lib/sync/local-changes';
import { deleteAccountDb, openAccountDb, writeCursor } from '../../lib/sync/sync-db';
import { toast } from '../../ui/toast-store';
import { MERGE_NOTICE_MS, mergeMessages, type MergeRemedy } from './merge-notices';

/**
 * The study data of a signed-in student, kept on the server (docs/decisions/0023): this
 * module composes the tasks, notes and resources stores with the sync engine (lib/sync/engine).
 * Loaded on demand from the signed-in bar and at sign-out, never by the public pages.
 *
 * - Start (signed in): if the study keys do not yet hold this account's copy, what they hold is
 *   this device's guest data: it is set aside in IndexedDB (lib/sync/guest-stash), the keys are
 *   emptied and marked as the account's, and the engine pulls the account's records into them.
 * - The set-aside data is offered to the account (guestOffer, acceptGuestData, declineGuestData);
 *   whatever is not taken goes back into the keys at sign-out.
 * - Sign-out: flushStudyData sends what is queued; clearStudyData removes the account's copy from
 *   the keys and IndexedDB, then puts the guest data back.
 */

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The id the account's data is filed under: the same one the resources key uses. */
export function accountIdOf(user: AuthUser | null | undefined): string | null {
  return (user && (text(user._id) ?? text(user.id) ?? text(user.email))) || null;
}

/** The owner the resources store files `account`'s list under (userResources:<account>). */
const ownerOf = (account: string): ResourceOwner => ({ _id: account });

/** Writes pulled changes into the stores (which report nothing back). */
function applyTo(account: string) {
  return (changes: SyncChange[]) => {
    const tasks: RemoteTask[] = [];
    const texts: RemoteRecord<TextNoteData>[] = [];
    const files: RemoteRecord<FileNoteData>[] = [];
    const resources: RemoteResource[] = [];
    for (const change of changes) {
      if (change.deleted) {
        const gone = { id: change.id, data: null };
        if (change.kind === 'task') tasks.push(gone);
        else if (change.kind === 'textNote') texts.push(gone);
        else if (change.kind === 'fileNote') files.push(gone);
        else resources.push(gone);
        continue;
      }
      switch (change.kind) {
        case 'task':
          tasks.push({ id: change.id, data: change.data });
          break;
        case 'textNote':
          texts.push({ id: change.id, data: change.data });
          break;
        case 'fileNote':
          files.push({ id: change.id, data: change.data });
          break;
        case 'resource':
          resources.push({ id: change.id, data: change.data });
          break;
      }
    }
    applyRemoteTasks(tasks);
    applyRemoteNotes(texts, files);
    applyRemoteResources(ownerOf(account), resources);
  };
}

/**
 * Tells the student what a merge replaced or refused (docs/decisions/0070), one toast per record
 * and side, each with its way back.
 */
function tellMerges(account: string) {
  return (notice: SyncNotice) => {
    for (const { key, message, action } of mergeMessages(notice)) {
      toast(message, {
        key,
        durationMs: MERGE_NOTICE_MS,
        ...(action
          ? {
              action: {
                label: action.label,
                run: () => void runMergeRemedy(account, action.remedy),
              },
            }
          : {}),
      });
    }
  };
}

/**
 * Put back / Use mine: the lost values written again, here and on the server. Restore: the
 * refused edit made again as a new record, with a new id in its store's own form.
 */
export async function runMergeRemedy(account: string, how: MergeRemedy): Promise<void> {
  // Signed out (or another account) since the toast showed: the record is not in the keys.
  if (syncedAccount() !== account) return;
  if (how.type === 'put-back') {
    if (engine?.account === account) await engine.putBack(how.kind, how.id, how.values);
    return;
  }
  const id =
    how.kind === 'task' ? newId() : how.kind === 'resource' ? newResourceId() : newTextNoteId();
  const made = { kind: how.kind, id, version: 0, deleted: false, data: how.data };
  applyTo(account)([{ ...made, updatedAt: new Date().toISOString() } as SyncChange]);
  reportLocalChanges([{ op: 'put', kind: how.kind, id, data: how.data } as LocalChange]);
}

/** The shared live link: a poke makes this tab pull; so does every (re)connection. */
function connectSocket(onPoke: (version: number) => void, onConnect: () => void) {
  const { socket, release } = acquireSocket();
  const poke = ({ version }: SyncPoke) => onPoke(version);
  socket.on('sync-poke', poke);
  socket.on('connect', onConnect);
  return () => {
    socket.off('sync-poke', poke);
    socket.off('connect', onConnect);
    release();
  };
}

/** Runs `task` alone among this browser's tabs where Web Locks exist. */
async function alone<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  return (await locks.request(name, () => task())) as T;
}

// --- The guest data set aside -------------------------------------------------------------------

const STASH = {
  tasks: 'userTasks',
  texts: 'userNotesText',
  files: 'userFileNotes',
  ownResources: (account: string) => `userResources:${account}`,
} as const;

/** Two raw list values as one, by id, the first's entries first. */
function unionLists(first: string | undefined, second: string | null): string | undefined {
  const parse = (raw: string | null | undefined): unknown[] => {
    if (!raw) return [];
    try {
      const value: unknown = JSON.parse(raw);
      return Array.isArray(value) ? value : [];
    } catch {
      return [];
    }
  };
  const idOf = (entry: unknown) =>
    entry && typeof entry === 'object' ? String((entry as { id?: unknown }).id) : '';
  const a = parse(first);
  const seen = new Set(a.map(idOf));
  const merged = [...a, ...parse(second).filter((entry) => !seen.has(idOf(entry)))];
  return merged.length > 0 ? JSON.stringify(merged) : undefined;
}

/** Moves what the study keys hold (this device's, not `account`'s) into the guest stash. */
async function setAsideDeviceData(account: string): Promise<void> {
  const stash: GuestStash = (await readGuestStash()) ?? { values: {}, declinedBy: [] };
  const values = { ...stash.values };
  const keep = (name: string, raw: string | null) => {
    const merged = unionLists(values[name], raw);
    if (merged === undefined) delete values[name];
    else values[name] = merged;
  };
  keep(STASH.tasks, readTasksRaw());
  const notes = readNotesRaw();
  keep(STASH.texts, notes.texts);
  keep(STASH.files, notes.files);
  keep(STASH.ownResources(account), readOwnResourcesRaw(ownerOf(account)));
  // Stored before the keys are emptied: a tab closed in between loses nothing.
  await writeGuestStash({ values, declinedBy: stash.declinedBy });
  forgetTasks();
  forgetNotes();
  forgetAccountResources(ownerOf(account));
}

/** Puts every set-aside value back into the study keys (sign-out) and forgets the stash. */
async function restoreDeviceData(): Promise<void> {
  const stash = await readGuestStash();
  if (!stash) return;
  const { values } = stash;
  const tasks = values[STASH.tasks];
  if (tasks) restoreTasks(tasks);
  restoreNotes({ texts: values[STASH.texts] ?? null, files: values[STASH.files] ?? null });
  const prefix = STASH.ownResources('');
  for (const [name, raw] of Object.entries(values)) {
    if (name.startsWith(prefix)) restoreOwnResources(ownerOf(name.slice(prefix.length)), raw);
  }
  await deleteGuestStash();
}

/** What was made on this device outside the account, as the offer counts it. */
export interface GuestOffer {
  tasks: number;
  notes: number;
  resources: number;
}

/** The guest data to offer `account`, or null when there is none or the student said "not mine". */
export async function guestOffer(account: string): Promise<GuestOffer | null> {
  const stash = await readGuestStash();
  if (stash?.declinedBy.includes(account)) return null;
  const values = stash?.values ?? {};
  const offer: GuestOffer = {
    tasks: parseTasks(values[STASH.tasks] ?? null).length,
    notes:
      parseTextNotes(values[STASH.texts] ?? null).length +
      parseFileNotes(values[STASH.files] ?? null).length,
    resources:
      parseResources(values[STASH.ownResources(account)] ?? null).length +
      readGuestResources().length,
  };
  return offer.tasks + offer.notes + offer.resources > 0 ? offer : null;
}

/** A short stable hash (djb2), so the same record taken twice makes the same mutation id. */
function hash(value: string): string {
  let h = 5381;
  for (let i = 0; i < value.length; i += 1) h = ((h << 5) + h + value.charCodeAt(i)) | 0;
  return (h >>> 0).toString(16).padStart(8, '0');
}

const adoptionId =
  (kind: string) =>
  (record: { id: string }): string =>
    `adopt.${kind}.${record.id}.${hash(JSON.stringify(record))}`;

/**
 * Takes the guest data into `account`: the records keep their ids and get mutation ids made from
 * their content, so accepting twice (two tabs, a retry after a crash) sends the same mutations,
 * which the server applies once, and the lists never hold a record twice.
 */
export async function acceptGuestData(account: string): Promise<void> {
  await alone('studycircle-guest-data', async () => {
    if (syncedAccount() !== account) return;
    const stash = await readGuestStash();
    const values = { ...(stash?.values ?? {}) };
    adoptTasks(parseTasks(values[STASH.tasks] ?? null), adoptionId('task'));
    adoptNotes(
      parseTextNotes(values[STASH.texts] ?? null),
      parseFileNotes(values[STASH.files] ?? null),
      adoptionId('note'),
    );
    const guest = readGuestResources();
    adoptResources(
      ownerOf(account),
      [...parseResources(values[STASH.ownResources(account)] ?? null), ...guest],
      adoptionId('resource'),
    );
    forgetGuestResources(new Set(guest.map((resource) => resource.id)));
    delete values[STASH.tasks];
    delete values[STASH.texts];
    delete values[STASH.files];
    delete values[STASH.ownResources(account)];
    if (Object.keys(values).length === 0) await deleteGuestStash();
    else await writeGuestStash({ values, declinedBy: stash?.declinedBy ?? [] });
  });
}

/** "Not mine": the data stays this device's guest data, and this account is not asked again. */
export async function declineGuestData(account: string): Promise<void> {
  await alone('studycircle-guest-data', async () => {
    const stash = (await readGuestStash()) ?? { values: {}, declinedBy: [] };
    if (stash.declinedBy.includes(account)) return;
    await writeGuestStash({ ...stash, declinedBy: [...stash.declinedBy, account] });
  });
}

// --- The engine ---------------------------------------------------------------------------------

let engine: SyncEngine | null = null;
let starting: Promise<SyncEngine | null> | null = null;
const engineListeners = new Set<() => void>();

function setEngine(next: SyncEngine | null): void {
  engine = next;
  for (const listener of engineListeners) listener();
}

/**
 * Starts syncing `user`'s study data in this tab (once; later calls return the same engine).
 * Resolves with null when the user has no id to file the data under.
 */
export function startStudySync(user: AuthUser): Promise<SyncEngine | null> {
  const account = accountIdOf(user);
  if (!account) return Promise.resolve(null);
  if (engine && engine.account === account && !engine.isStopped) return Promise.resolve(engine);
  starting ??= (async () => {
    try {
      if (engine) await engine.stop();
      await alone('studycircle-sync-takeover', async () => {
        const owner = syncedAccount();
        if (owner === account) return;
        // Another account's copy (its sign-out never ran here): it is not this student's, and
        // it is on that account's server copy, so it just goes.
        if (owner !== null) {
          forgetTasks();
          forgetNotes();
          forgetAccountResources(ownerOf(owner));
          await deleteAccountDb(owner).catch(() => undefined);
        }
        await setAsideDeviceData(account);
        // The keys are empty now: pull the account's records from the start.
        await resetCursor(account);
        markSyncedAccount(account);
      });
      const next = new SyncEngine({
        account,
        apply: applyTo(account),
        connect: connectSocket,
        notify: tellMerges(account),
      });
      next.start();
      setEngine(next);
      return next;
    } finally {
      starting = null;
    }
  })();
  return starting;
}

/**
 * A fresh copy starts from cursor 0. Queued changes of the account (made before an earlier copy
 * was lost) are kept: they are the student's and still go to the server.
 */
async function resetCursor(account: string): Promise<void> {
  const db = await openAccountDb(account, () => undefined);
  try {
    await writeCursor(db, 0);
  } finally {
    db.close();
  }
}

/** The engine of this tab, if syncing. */
export function currentEngine(): SyncEngine | null {
  return engine;
}

/** Subscribes to the status of whichever engine runs (for the indicator). */
export function subscribeSyncStatus(listener: () => void): () => void {
  let detach = engine?.subscribe(listener);
  const onSwap = () => {
    detach?.();
    detach = engine?.subscribe(listener);
    listener();
  };
  engineListeners.add(onSwap);
  return () => {
    engineListeners.delete(onSwap);
    detach?.();
  };
}

/** The running engine's status; null until it runs (the guest data is set aside by then). */
export function readSyncStatus(): SyncStatus | null {
  return engine?.getStatus() ?? null;
}

/**
 * Sign-out, step one: sends what is queued, waiting at most `timeoutMs`. Resolves with how many
 * changes could not be sent (they would be lost with the account's data).
 */
export async function flushStudyData(timeoutMs = 5_000): Promise<number> {
  await starting;
  return engine ? engine.flush(timeoutMs) : 0;
}

/** Waits at most `ms` for `promise`; a deletion blocked by a stuck tab must not hang sign-out. */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.catch(() => undefined), new Promise((r) => setTimeout(r, ms))]);

/**
 * Sign-out, step two (app/account-data.ts): the account's study data leaves this browser (the keys
 * and its IndexedDB database), and the device's guest data comes back into the keys.
 */
export async function clearStudyData(): Promise<void> {
  await starting?.catch(() => null);
  const account = syncedAccount();
  // Unmarked first: from here no store change is queued for the account.
  forgetSyncedAccount();
  dropUnattachedChanges();
  const running = engine;
  setEngine(null);
  await running?.stop();
  if (account !== null) {
    forgetTasks();
    forgetNotes();
    forgetAccountResources(ownerOf(account));
    await within(deleteAccountDb(account), 2_000);
  }
  await within(restoreDeviceData(), 2_000);
}
