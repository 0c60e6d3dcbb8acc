import type { SyncMutation } from '@studycircle/shared';
import { readString, removeKey, writeString } from '../storage';

/**
 * Where the study stores (tasks, notes, resources) report their own changes for the server copy
 * (docs/decisions/0023-study-data-sync-in-the-browser.md). Tiny on purpose: every store
 * imports it, and the sync engine (IndexedDB, the socket) loads only on signed-in screens.
 *
 * The `syncedAccount` key names the account whose copy the study keys hold. While it is set, a
 * store's change is that account's and is queued for the server; while it is not (signed out, or
 * signed in but the account's copy not yet in place), the keys are this device's own guest data
 * and nothing is reported (docs/product.md §15.4).
 */

export const SYNCED_ACCOUNT_KEY = 'syncedAccount';

type WithoutStamps<M> = M extends SyncMutation ? Omit<M, 'mutationId' | 'at'> : never;

/**
 * One record's change as a store reports it. `mutationId` only when the change must stay the same
 * mutation however often it is reported (guest data taken into the account); `fileData`, a file
 * note's bytes as a data URL, uploaded before its put.
 */
export type LocalChange = WithoutStamps<SyncMutation> & {
  mutationId?: string;
  fileData?: string;
  /**
   * Kept in the outbox, unsent, for this long (ms) unless released sooner: a delete the student
   * may still undo (docs/decisions/0064-undo-a-delete.md). Needs a `mutationId` to be named by.
   */
  holdMs?: number;
};

/** The account whose copy the study keys hold, or null when they hold this device's guest data. */
export function syncedAccount(): string | null {
  const id = readString(SYNCED_ACCOUNT_KEY);
  return id && id.trim() !== '' ? id : null;
}

/** Marks the study keys as `account`'s copy (the engine, once it has set the keys aside). */
export function markSyncedAccount(account: string): void {
  writeString(SYNCED_ACCOUNT_KEY, account);
}

export function forgetSyncedAccount(): void {
  removeKey(SYNCED_ACCOUNT_KEY);
}

type Sink = (changes: LocalChange[]) => void;
let sink: Sink | null = null;
// Changes made before the engine attached (its chunk still loading): handed over when it does.
let early: LocalChange[] = [];

/** Called by a store after it saved its change locally: queued for the account, if any. */
export function reportLocalChanges(changes: LocalChange[]): void {
  if (changes.length === 0 || syncedAccount() === null) return;
  if (sink) sink(changes);
  else early.push(...changes);
}

/** The engine takes the changes from here on (and those reported while it was loading). */
export function attachChangeSink(next: Sink): () => void {
  sink = next;
  const waiting = early;
  early = [];
  if (waiting.length > 0) next(waiting);
  return () => {
    if (sink === next) sink = null;
  };
}

/** What the engine does with a held change (docs/decisions/0064-undo-a-delete.md). */
export interface HoldControl {
  /** Removes the held change unsent; false when it already left (sent, or being sent). */
  withdraw: (mutationId: string) => Promise<boolean>;
  /** Ends the hold: the change is sent now. */
  release: (mutationId: string) => Promise<void>;
}
let holds: HoldControl | null = null;

/** The engine withdraws and releases held changes from here on. */
export function attachHoldControl(next: HoldControl): () => void {
  holds = next;
  return () => {
    if (holds === next) holds = null;
  };
}

/**
 * Takes back a held change (Undo). Resolves true when nothing of it will reach the server: it was
 * still held, still waiting for the engine, or never queued (guest data); false when it was
 * already sent, so the record is gone on the server.
 */
export async function withdrawLocalChange(mutationId: string): Promise<boolean> {
  const before = early.length;
  early = early.filter((change) => change.mutationId !== mutationId);
  if (early.length !== before || !holds || syncedAccount() === null) return true;
  return holds.withdraw(mutationId);
}

/** Sends a held change now (its Undo is over). */
export function releaseLocalChange(mutationId: string): void {
  early = early.map((change) => {
    if (change.mutationId !== mutationId) return change;
    const { holdMs: _held, ...rest } = change;
    return rest as LocalChange;
  });
  void holds?.release(mutationId).catch(() => undefined);
}

/** Forgets changes nobody took (the account's data is being removed). */
export function dropUnattachedChanges(): void {
  early = [];
}

type Flush = (timeoutMs: number) => Promise<number>;
let flusher: Flush | null = null;

/** The engine sends its queue when asked (sendLocalChanges) from here on. */
export function attachFlush(next: Flush): () => void {
  flusher = next;
  return () => {
    if (flusher === next) flusher = null;
  };
}

/**
 * Sends what is queued now, waiting at most `timeoutMs`; resolves with how many changes are still
 * not on the server (0 with no engine: guest data is never sent). For a screen whose next request
 * names a record the server must already hold (a focus goal names one of the student's tasks).
 */
export function sendLocalChanges(timeoutMs: number): Promise<number> {
  return flusher ? flusher(timeoutMs) : Promise.resolve(0);
}
