import {
  SYNC_LIMITS,
  SyncMutationSchema,
  type SyncChange,
  type SyncConflict,
  type SyncKind,
  type SyncMutation,
} from '@studycircle/shared';
import { HttpError } from '../http';
import { pageIsBeingLeft } from '../page-lifecycle';
import {
  attachChangeSink,
  attachFlush,
  attachHoldControl,
  syncedAccount,
  type LocalChange,
} from './local-changes';
import { changedFields, withValues } from './merge';
import {
  openAccountDb,
  readCursor,
  deviceIdIn,
  shadowKey,
  storePulled,
  type AccountDb,
  type OutboxEntry,
} from './sync-db';
import { httpTransport, type SyncTransport } from './transport';

/**
 * The browser half of the sync protocol (packages/shared sync.ts; docs/decisions/0023): one engine
 * per signed-in account and tab.
 *
 * - A store's change (lib/sync/local-changes) becomes a mutation with a client-made mutationId in
 *   the account's IndexedDB outbox at once, then is pushed; the outbox survives a closed tab or a
 *   reboot, and a replayed mutationId is applied once by the server.
 * - Pull: everything newer than the cursor, page by page, handed to `apply` (the app writes it
 *   into the stores without reporting it back), and kept as each record's shadow (the server's
 *   copy as this device knows it). A record with a change still in the outbox is left as it is
 *   in the stores: that change reaches the server later and is merged there.
 * - Merge (docs/decisions/0070-field-level-merge.md): a put of a record with a shadow names the
 *   shadow's version (`base`), the fields it changed from it and this device, so the server writes
 *   only those fields. When the stored record differs from what was sent, the result carries it
 *   and it goes into the stores (unless a later change of the record is still queued); its
 *   conflicts, and a put on a record deleted elsewhere, are told to the app (`notify`).
 * - When: at start, on a local change, on the server's `sync-poke`, when the tab regains focus or
 *   the browser comes online, on (re)connecting the socket, and every POLL_MS as a fallback.
 * - Tabs: each cycle runs under one Web Lock per account, so two tabs never send the same outbox
 *   at once; the outbox and cursor live in IndexedDB, which the tabs share, so one tab's pull
 *   serves all (the others read the keys it wrote through the storage event).
 * - Failures: no answer, a 5xx or a 429 is retried with exponential backoff (1 s to 60 s, with
 *   jitter). A 4xx refusing a mutation drops that one mutation (the others go on) and the status
 *   says 'Could not sync' with the server's reason. A 401 stops: the session is over and the auth
 *   feature handles it.
 * - Holds: a change reported with `holdMs` (a delete the student may still undo) is written to the
 *   outbox at once but not sent before its `heldUntil`, its release, or a flush; withdrawing it
 *   removes it unsent (docs/decisions/0064-undo-a-delete.md).
 */

export const POLL_MS = 60_000;
export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;

export type SyncState = 'saved' | 'saving' | 'offline' | 'error';
export interface SyncStatus {
  state: SyncState;
  /** Changes of this account not yet on the server (this device's outbox). */
  pending: number;
  /** Why the last sync failed ('error' only). */
  reason: string | null;
}

export interface SyncEngineOptions {
  account: string;
  /** Writes pulled changes into the stores, reporting nothing back. */
  apply: (changes: SyncChange[]) => void;
  transport?: SyncTransport;
  /**
   * Subscribes to the server's poke and the socket's (re)connection; returns the unsubscribe.
   * Default: none (the app passes the shared socket, lib/socket).
   */
  connect?: (onPoke: (version: number) => void, onConnect: () => void) => () => void;
  random?: () => number;
  /** Tells the student what a merge replaced or refused (docs/decisions/0070). */
  notify?: (notice: SyncNotice) => void;
}

/**
 * What a push's result has to tell the student. conflict: fields another device changed too
 * (`data`, the record as stored now); deleted: a put on a record deleted on another device, not
 * saved (`data`, the edit that was refused).
 */
export type SyncNotice =
  | {
      type: 'conflict';
      kind: SyncKind;
      id: string;
      conflicts: SyncConflict[];
      data: Record<string, unknown>;
    }
  | { type: 'deleted'; kind: SyncKind; id: string; data: Record<string, unknown> };

const REASONS = {
  server: 'The server could not save your changes. Trying again…',
  storage:
    "Your browser's storage is full or blocked, so changes could not be kept on this device.",
  invalid: 'A change was refused:',
} as const;

/** A reason a person can read from a refused mutation. */
function refusal(error: unknown): string {
  if (error instanceof HttpError && error.hasServerMessage) return error.message;
  return `${REASONS.invalid} ${error instanceof Error ? error.message : String(error)}`;
}

const isRetryable = (error: unknown) =>
  !(error instanceof HttpError) ||
  error.status === 0 ||
  error.status === 408 ||
  error.status === 429 ||
  error.status >= 500;

const newMutationId = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

const recordKey = (kind: string, id: string) => `${kind}\u0000${id}`;

/** Stops the cycle at once: the account's data is going away (signed out here or in another tab). */
class Stopped extends Error {}

export class SyncEngine {
  readonly account: string;
  private readonly options: SyncEngineOptions;
  private readonly transport: SyncTransport;
  private db: Promise<AccountDb> | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private holdTimer: ReturnType<typeof setTimeout> | undefined;
  /** True during a flush: sign-out sends held changes too, or they would be lost. */
  private ignoringHolds = false;
  /** The mutation ids of the push in flight: too late to withdraw them. */
  private sending = new Set<string>();
  private cleanups: (() => void)[] = [];
  private channel: BroadcastChannel | null = null;
  /** Writes to the outbox in flight: a cycle waits for them so it never misses a change. */
  private writes: Promise<unknown> = Promise.resolve();
  private status: SyncStatus = { state: 'saved', pending: 0, reason: null };
  private offline = false;
  private problem: string | null = null;
  private listeners = new Set<() => void>();

  constructor(options: SyncEngineOptions) {
    this.options = options;
    this.account = options.account;
    this.transport = options.transport ?? httpTransport;
  }

  /** Opens the outbox, takes the stores' changes, listens for reasons to sync, and syncs. */
  start(): void {
    this.db = openAccountDb(this.account, () => void this.stop());
    this.cleanups.push(attachChangeSink((changes) => void this.enqueue(changes)));
    this.cleanups.push(attachFlush((timeoutMs) => this.flush(timeoutMs)));
    this.cleanups.push(
      attachHoldControl({
        withdraw: (mutationId) => this.withdraw(mutationId),
        release: (mutationId) => this.release(mutationId),
      }),
    );
    const wake = () => this.requestSync();
    const onOffline = () => {
      this.offline = true;
      this.publish();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') wake();
    };
    window.addEventListener('online', wake);
    window.addEventListener('focus', wake);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    this.cleanups.push(() => {
      window.removeEventListener('online', wake);
      window.removeEventListener('focus', wake);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
    });
    this.pollTimer = setInterval(wake, POLL_MS);
    if (this.options.connect) this.cleanups.push(this.options.connect(() => wake(), wake));
    if (typeof BroadcastChannel !== 'undefined') {
      // Another tab pushed or queued: recount this account's outbox for the indicator.
      this.channel = new BroadcastChannel(`studycircle-sync:${this.account}`);
      this.channel.onmessage = () => void this.refreshPending();
    }
    this.offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    this.requestSync();
  }

  /** Stops syncing and closes the database (the outbox stays in it). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    clearInterval(this.pollTimer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.holdTimer);
    this.channel?.close();
    this.channel = null;
    await this.running?.catch(() => undefined);
    const db = await this.db?.catch(() => null);
    db?.close();
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  /**
   * Queues changes (already applied to the stores) and asks for a sync. A put of a record with a
   * shadow is stamped with its base, changed fields and device in the transaction that queues it,
   * so no pull can move the shadow in between.
   */
  enqueue(changes: LocalChange[]): Promise<void> {
    const at = Date.now();
    const write = (async () => {
      const db = await this.openDb();
      // One transaction, as before the shadows: a cycle starting meanwhile sees all or nothing.
      const tx = db.transaction(['outbox', 'shadow', 'meta'], 'readwrite');
      const outbox = tx.objectStore('outbox');
      const shadows = tx.objectStore('shadow');
      let device: string | null = null;
      for (const change of changes) {
        const { fileData, mutationId, holdMs, ...rest } = change;
        let mutation = { ...rest, mutationId: mutationId ?? newMutationId(), at } as SyncMutation;
        if (mutation.op === 'put') {
          const shadow = await shadows.get(shadowKey(mutation.kind, mutation.id));
          if (shadow) {
            const fields = changedFields(mutation.kind, shadow.data, mutation.data);
            device ??= await deviceIdIn(tx.objectStore('meta'));
            mutation = { ...mutation, base: shadow.version, fields, device };
          }
        }
        const entry: OutboxEntry = { mutation };
        if (holdMs && holdMs > 0) entry.heldUntil = at + holdMs;
        if (fileData && mutation.op === 'put' && mutation.kind === 'fileNote') {
          entry.fileData = fileData;
        }
        void outbox.add(entry);
      }
      await tx.done;
    })();
    this.writes = this.writes.then(() => write).catch(() => undefined);
    return write.then(
      () => {
        this.channel?.postMessage('queued');
        this.requestSync();
      },
      (error: unknown) => {
        if (error instanceof Stopped) return;
        this.problem = REASONS.storage;
        this.publish();
      },
    );
  }

  /**
   * Removes a held change from the outbox unsent (Undo). False when it is no longer there or is
   * being sent: it reached the server, or is about to.
   */
  async withdraw(mutationId: string): Promise<boolean> {
    await this.writes;
    if (this.sending.has(mutationId)) return false;
    const entry = await this.findEntry(mutationId);
    if (!entry || entry.seq === undefined) return false;
    await (await this.openDb()).delete('outbox', entry.seq);
    this.channel?.postMessage('queued');
    this.publish(await this.countPending());
    return true;
  }

  /**
   * Writes `values` into a record again ("Put back", "Use mine" after a merge): into the stores at
   * once, and as a put of those fields against the shadow. Starts from the newest queued put of the
   * record, or the shadow; false when there is neither (deleted, or never synced) or a delete is
   * queued.
   */
  async putBack(kind: SyncKind, id: string, values: Record<string, unknown>): Promise<boolean> {
    await this.writes;
    const db = await this.openDb();
    const tx = db.transaction(['outbox', 'shadow'], 'readonly');
    const [entries, shadow] = await Promise.all([
      tx.objectStore('outbox').getAll(),
      tx.objectStore('shadow').get(shadowKey(kind, id)),
    ]);
    const queued = entries
      .map((entry) => entry.mutation)
      .filter((m) => m.kind === kind && m.id === id)
      .at(-1);
    if (queued?.op === 'delete') return false;
    const current = queued?.op === 'put' ? queued.data : shadow?.data;
    if (!current) return false;
    const data = withValues(kind, current, values);
    this.assertOwner();
    const change = { kind, id, version: shadow?.version ?? 0, deleted: false, data };
    this.options.apply([{ ...change, updatedAt: new Date().toISOString() } as SyncChange]);
    await this.enqueue([{ op: 'put', kind, id, data } as LocalChange]);
    return true;
  }

  /** Ends a change's hold and sends it (its Undo is over). */
  async release(mutationId: string): Promise<void> {
    await this.writes;
    const entry = await this.findEntry(mutationId);
    if (entry && entry.heldUntil !== undefined) {
      delete entry.heldUntil;
      await (await this.openDb()).put('outbox', entry);
    }
    this.requestSync();
  }

  private async findEntry(mutationId: string): Promise<OutboxEntry | undefined> {
    const entries = await (await this.openDb()).getAll('outbox');
    return entries.find((entry) => entry.mutation.mutationId === mutationId);
  }

  /** Runs a sync cycle now, or once more after the one running. */
  requestSync(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.retryTimer);
    this.running = this.cycleLoop().finally(() => {
      this.running = null;
    });
  }

  /**
   * Tries to send everything queued, waiting at most `timeoutMs`; resolves with how many changes
   * are still not on the server (sign-out asks before losing them).
   */
  async flush(timeoutMs: number): Promise<number> {
    if (this.stopped) return this.countPending();
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs));
    const done = (async () => {
      await this.writes;
      // One full cycle that starts after every queued change was written.
      this.again = true;
      this.requestSync();
      while (this.running) await this.running.catch(() => undefined);
    })();
    this.ignoringHolds = true;
    try {
      await Promise.race([done, deadline]);
    } finally {
      this.ignoringHolds = false;
    }
    return this.countPending();
  }

  getStatus = (): SyncStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private openDb(): Promise<AccountDb> {
    if (this.stopped || !this.db) return Promise.reject(new Stopped());
    return this.db;
  }

  private async countPending(): Promise<number> {
    try {
      return await (await this.openDb()).count('outbox');
    } catch {
      return this.status.pending;
    }
  }

  private async refreshPending(): Promise<void> {
    this.status = { ...this.status, pending: await this.countPending() };
    this.publish();
  }

  private publish(pending = this.status.pending): void {
    const state: SyncState = this.offline
      ? 'offline'
      : this.problem
        ? 'error'
        : pending > 0
          ? 'saving'
          : 'saved';
    const next: SyncStatus = { state, pending, reason: state === 'error' ? this.problem : null };
    const prev = this.status;
    if (prev.state === next.state && prev.pending === next.pending && prev.reason === next.reason) {
      return;
    }
    this.status = next;
    for (const listener of this.listeners) listener();
  }

  private async cycleLoop(): Promise<void> {
    do {
      this.again = false;
      await this.writes;
      if (this.stopped) return;
      try {
        await this.exclusive(() => this.cycle());
        this.failures = 0;
        // A cycle that started before the browser went offline may still succeed: the browser's
        // word wins, or the indicator would read Saved while offline.
        this.offline = typeof navigator !== 'undefined' && navigator.onLine === false;
        if (this.problem === REASONS.server || this.problem === REASONS.storage) {
          this.problem = null;
        }
      } catch (error) {
        if (error instanceof Stopped || this.stopped) return;
        if (error instanceof HttpError && error.status === 401) {
          // The session is over: the auth feature signs out and removes the account's data.
          await this.stop();
          return;
        }
        this.failures += 1;
        if (error instanceof HttpError && error.status === 0) this.offline = true;
        else if (error instanceof HttpError) this.problem = REASONS.server;
        // Not the server: the browser refused to store what came (storage full, IndexedDB),
        // unless leaving the page cancelled the request (lib/http), which says neither.
        else if (!pageIsBeingLeft()) this.problem = REASONS.storage;
        this.again = false;
        this.scheduleRetry();
      }
      this.publish(await this.countPending());
    } while (this.again && !this.stopped);
  }

  private scheduleRetry(): void {
    const random = this.options.random ?? Math.random;
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** (this.failures - 1));
    const delay = Math.round(base * (0.5 + random() / 2));
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.requestSync(), delay);
  }

  /** Runs `task` alone among this account's tabs (a Web Lock), where the browser has them. */
  private async exclusive(task: () => Promise<void>): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return task();
    await locks.request(`studycircle-sync:${this.account}`, () => task());
  }

  private assertOwner(): void {
    // Signed out here or in another tab: the keys are no longer this account's copy.
    if (this.stopped || syncedAccount() !== this.account) throw new Stopped();
  }

  private async cycle(): Promise<void> {
    this.assertOwner();
    this.publish();
    await this.push();
    await this.pull();
  }

  private async push(): Promise<void> {
    const db = await this.openDb();
    const earlier = this.problem;
    let pushedAny = false;
    // Held entries stay behind; each read starts after the last entry looked at.
    let after = 0;
    let nextRelease = Infinity;
    for (;;) {
      this.assertOwner();
      const range = after > 0 ? IDBKeyRange.lowerBound(after, true) : undefined;
      const entries = await db.getAll('outbox', range, SYNC_LIMITS.pushMax);
      if (entries.length === 0) break;
      after = entries.at(-1)?.seq ?? after;
      this.publish(await db.count('outbox'));
      const ready: OutboxEntry[] = [];
      const now = Date.now();
      for (const entry of entries) {
        if (entry.heldUntil !== undefined && entry.heldUntil > now && !this.ignoringHolds) {
          nextRelease = Math.min(nextRelease, entry.heldUntil);
          continue;
        }
        const checked = SyncMutationSchema.safeParse(entry.mutation);
        if (!checked.success) {
          await this.drop(entry, `${REASONS.invalid} ${checked.error.issues[0]?.message ?? ''}`);
          continue;
        }
        if (entry.fileData && !entry.fileUploaded) {
          try {
            await this.transport.putFile(entry.mutation.id, entry.fileData);
          } catch (error) {
            if (isRetryable(error) || (error instanceof HttpError && error.status === 401)) {
              throw error;
            }
            // 409: the note was deleted on another device; its put answers 'ignored' and the
            // note goes here too. Any other refusal drops this change only.
            if (!(error instanceof HttpError && error.status === 409)) {
              await this.drop(entry, refusal(error));
              continue;
            }
          }
          entry.fileUploaded = true;
          await db.put('outbox', entry);
        }
        ready.push(entry);
      }
      if (ready.length === 0) continue;
      await this.send(db, ready);
      pushedAny = true;
    }
    // A held change is sent when its hold ends, even if this tab did not hold it (it closed).
    clearTimeout(this.holdTimer);
    if (nextRelease !== Infinity) {
      this.holdTimer = setTimeout(() => this.requestSync(), nextRelease - Date.now() + 10);
    }
    // A later change saved: the earlier refusal is no longer the news.
    if (pushedAny && this.problem === earlier) this.problem = null;
    if (pushedAny) this.channel?.postMessage('pushed');
  }

  /** Pushes entries; a refused batch is retried one by one so one bad change blocks nothing. */
  private async send(db: AccountDb, entries: OutboxEntry[]): Promise<void> {
    let response;
    const ids = entries.map((e) => e.mutation.mutationId);
    for (const id of ids) this.sending.add(id);
    try {
      response = await this.transport.push({ mutations: entries.map((e) => e.mutation) });
    } catch (error) {
      for (const id of ids) this.sending.delete(id);
      if (isRetryable(error) || (error instanceof HttpError && error.status === 401)) throw error;
      if (entries.length === 1) {
        await this.drop(entries[0]!, refusal(error));
        return;
      }
      for (const entry of entries) await this.send(db, [entry]);
      return;
    }
    const byId = new Map(entries.map((e) => [e.mutation.mutationId, e]));
    // Still marked until the outbox no longer holds them, so a withdraw cannot slip in between.
    const sent = () => ids.forEach((id) => this.sending.delete(id));
    const changes: SyncChange[] = [];
    const notices: SyncNotice[] = [];
    const updatedAt = new Date().toISOString();
    // The last result of each record in this push: an earlier one's merged record is stale.
    const last = new Map<string, string>();
    for (const result of response.results) {
      const m = byId.get(result.mutationId)?.mutation;
      if (m) last.set(shadowKey(m.kind, m.id), result.mutationId);
    }
    const merged: SyncChange[] = [];
    const tx = db.transaction(['outbox', 'shadow'], 'readwrite');
    const outbox = tx.objectStore('outbox');
    const shadows = tx.objectStore('shadow');
    for (const result of response.results) {
      const entry = byId.get(result.mutationId);
      if (!entry || entry.seq === undefined) continue;
      void outbox.delete(entry.seq);
      const m = entry.mutation;
      const key = shadowKey(m.kind, m.id);
      if (result.status === 'ignored') {
        // A put on a record deleted elsewhere: it stays deleted, here too, and the edit is offered
        // back as a new record.
        void shadows.delete(key);
        changes.push({
          kind: m.kind,
          id: m.id,
          version: result.version,
          deleted: true,
          data: null,
          updatedAt,
        });
        if (m.op === 'put') notices.push({ type: 'deleted', kind: m.kind, id: m.id, data: m.data });
      } else if (result.status === 'applied') {
        if (m.op === 'delete') {
          void shadows.delete(key);
          continue;
        }
        const data = result.data ?? m.data;
        void shadows.put({ version: result.version, data }, key);
        if (result.data && last.get(key) === m.mutationId) {
          merged.push({
            kind: m.kind,
            id: m.id,
            version: result.version,
            deleted: false,
            data: result.data,
            updatedAt,
          } as SyncChange);
        }
        if (result.conflicts && result.conflicts.length > 0) {
          notices.push({
            type: 'conflict',
            kind: m.kind,
            id: m.id,
            conflicts: result.conflicts,
            data,
          });
        }
      }
      // duplicate: applied by an earlier push whose answer was lost; the next pull brings the
      // record as stored, shadow included.
    }
    // A change of the record queued since (or held) keeps what the student sees: it goes next.
    const queued = new Set(
      (await outbox.getAll()).map((e) => shadowKey(e.mutation.kind, e.mutation.id)),
    );
    await tx.done.finally(sent);
    changes.push(...merged.filter((c) => !queued.has(shadowKey(c.kind, c.id))));
    if (changes.length > 0) {
      this.assertOwner();
      this.options.apply(changes);
    }
    for (const notice of notices) this.options.notify?.(notice);
  }

  private async drop(entry: OutboxEntry, reason: string): Promise<void> {
    if (entry.seq !== undefined) await (await this.openDb()).delete('outbox', entry.seq);
    this.problem = reason;
  }

  private async pull(): Promise<void> {
    const db = await this.openDb();
    let cursor = await readCursor(db);
    for (;;) {
      const page = await this.transport.pull(cursor);
      this.assertOwner();
      // Records with a change still queued here keep it: it reaches the server later and wins.
      const queued = new Set(
        (await db.getAll('outbox')).map((e) => recordKey(e.mutation.kind, e.mutation.id)),
      );
      const changes = page.changes.filter((c) => !queued.has(recordKey(c.kind, c.id)));
      if (changes.length > 0) this.options.apply(changes);
      // Every change is the server's copy now, queued or not: the shadow a next put is made from.
      cursor = Math.max(cursor, page.cursor);
      await storePulled(db, page.changes, cursor);
      if (!page.hasMore) break;
    }
  }
}
