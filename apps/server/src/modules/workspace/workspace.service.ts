import {
  OBJECT_ID_PATTERN,
  ROOM_MESSAGES,
  FILE_NOTE_TYPES,
  SYNC_DATA_SCHEMAS,
  fileNameForType,
  WORKSPACE_LIMITS,
  WORKSPACE_MESSAGES,
  type ShareWorkspaceItemInput,
  type WorkspaceItem,
  type WorkspaceKind,
} from '@studycircle/shared';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher, EventSubscriber } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../auth/auth.types.js';
import type { RoomEvents, RoomsService } from '../rooms/rooms.service.js';
import type { FileStore, StoredFile } from '../storage/file-store.js';
import type { SyncEvents } from '../sync/sync.service.js';
import {
  createWorkspaceRepository,
  deleteSharesOfAccount,
  type ShareRow,
  type WorkspaceRepository,
} from './workspace.repository.js';

/**
 * A room's workspace (docs/product.md §5.13): what members shared with the room, each share
 * naming one of the sharer's own synced records. Who may see, share and unshare is decided here,
 * and membership is read from the database on every request (through the rooms service), so a
 * member who leaves or is removed loses access at once, on every node.
 *
 * It tells the socket transport (workspace.socket.ts) when a room's workspace changed: a share,
 * an unshare, a shared record edited or deleted by its owner (the sync service's events), or a
 * member's shares leaving with them (the rooms service's events).
 */

/** What the workspace tells the room's live members through the socket transport. */
export interface WorkspaceEvents {
  /** The room's list of shared items changed: members with the room open fetch it again. */
  'workspace-changed': { roomId: string };
}

export interface WorkspaceServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: WorkspaceRepository;
  /**
   * Membership and role, read from the database on every call; a share is written while the
   * membership is held, and a member's shares go in the transaction that ends it.
   */
  rooms: Pick<RoomsService, 'requireMember' | 'withMembership' | 'onMembershipEnding'>;
  /** A shared file note's bytes. */
  files: Pick<FileStore, 'get'>;
  /** Where the workspace says that a room's list changed. */
  events: EventPublisher<WorkspaceEvents>;
  /** A member who left or was removed takes their shares with them. */
  roomEvents: EventSubscriber<RoomEvents>;
  /** A shared record edited or deleted by its owner changes the rooms it is shared with. */
  syncEvents: EventSubscriber<SyncEvents>;
  now?: () => Date;
}

/** The part of a record a room sees, per kind; undefined when the stored data does not parse. */
function roomView(kind: string, data: unknown): WorkspaceItem['data'] | undefined {
  switch (kind) {
    case 'textNote': {
      const parsed = SYNC_DATA_SCHEMAS.textNote.safeParse(data);
      if (!parsed.success) return undefined;
      const { title, text, uploadedAt } = parsed.data;
      return { title, text, uploadedAt };
    }
    case 'fileNote': {
      const parsed = SYNC_DATA_SCHEMAS.fileNote.safeParse(data);
      if (!parsed.success) return undefined;
      const { fileName, fileType, size, uploadedAt } = parsed.data;
      // A note stored before names were cleaned (sync push) is shown cleaned too.
      const type = FILE_NOTE_TYPES.find((t) => t === fileType);
      return {
        fileName: type ? fileNameForType(fileName, type) : fileName,
        fileType,
        size,
        uploadedAt,
      };
    }
    case 'resource': {
      const parsed = SYNC_DATA_SCHEMAS.resource.safeParse(data);
      if (!parsed.success) return undefined;
      const { title, link, type, tags } = parsed.data;
      return { title, link, type, tags };
    }
    default:
      return undefined;
  }
}

/** The API shape of a share, or undefined for a record that is gone or unreadable. */
export function toWorkspaceItem(row: ShareRow): WorkspaceItem | undefined {
  if (row.data === null || row.data === undefined) return undefined;
  const data = roomView(row.kind, row.data);
  if (!data) return undefined;
  return {
    id: row.id,
    roomId: row.roomId,
    kind: row.kind,
    recordId: row.recordId,
    sharedBy: { id: row.sharedBy, name: row.sharerName },
    sharedAt: row.createdAt.toISOString(),
    data,
  } as WorkspaceItem;
}

/** PostgreSQL's foreign_key_violation: the room or the account went away mid-request. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return (e?.code ?? e?.cause?.code) === '23503';
}

export function createWorkspaceService({
  repo,
  rooms,
  files,
  events,
  roomEvents,
  syncEvents,
  now: clock,
}: WorkspaceServiceDeps) {
  const now = clock ?? (() => new Date());

  const changed = (roomId: string) => events.emit('workspace-changed', { roomId });

  /** A share of this room by id; 404 for a malformed or unknown id. */
  async function shareIn(roomId: string, shareId: string): Promise<ShareRow> {
    const row = OBJECT_ID_PATTERN.test(shareId)
      ? await repo.findShare(roomId, shareId.toLowerCase())
      : undefined;
    if (!row) throw AppError.notFound(WORKSPACE_MESSAGES.shareNotFound);
    return row;
  }

  // A member who leaves or is removed takes what they shared: their records were readable by
  // the room because they were in it (docs/decisions/0024). In the transaction that ends the
  // membership, so a share made at the same moment is either refused or taken too (decision
  // 0041). The room's deletion cascades.
  rooms.onMembershipEnding(async (tx, { roomId, userId }) => {
    await createWorkspaceRepository(tx).deleteSharesBy(roomId, userId);
  });
  // Committed: members with the room open fetch the list again (whether or not it changed; a
  // leave is rare, and the transaction above cannot carry news out).
  roomEvents.on('membership-ended', ({ roomId }) => changed(roomId));

  // An owner's edit or delete of a shared record shows in every room it is shared with.
  syncEvents.on('records-changed', async ({ userId, records }) => {
    const shareable = records.filter((r) => r.kind !== 'task');
    for (const roomId of await repo.roomsSharing(userId, shareable)) await changed(roomId);
  });

  return {
    /**
     * The workspace's part of deleting an account, on its transaction: every share of the
     * account's records and every share it made (docs/decisions/0065-account-deletion-in-one-transaction.md).
     */
    deleteAccountData(tx: Tx, userId: string): Promise<void> {
      return deleteSharesOfAccount(tx, userId);
    },

    /** The room's shared items for a member, newest first (at most WORKSPACE_LIMITS.listMax). */
    async list(user: AuthUser, roomId: string): Promise<WorkspaceItem[]> {
      const room = await rooms.requireMember(roomId, user.id);
      const rows = await repo.listLive(room.id, WORKSPACE_LIMITS.listMax);
      return rows.map(toWorkspaceItem).filter((item): item is WorkspaceItem => !!item);
    },

    /**
     * Shares one of the caller's own synced records with a room they are a member of. Sharing
     * the same record again is not an error: the existing share comes back with `created: false`.
     */
    async share(
      user: AuthUser,
      roomId: string,
      input: ShareWorkspaceItemInput,
    ): Promise<{ item: WorkspaceItem; created: boolean }> {
      const room = await rooms.requireMember(roomId, user.id);
      // Only the owner's own, live record: an id of someone else's record reads as unknown.
      const record = await repo.findLiveRecord(user.id, input.kind, input.id);
      if (!record || !roomView(input.kind, record.data)) {
        throw AppError.notFound(WORKSPACE_MESSAGES.recordNotFound);
      }
      let result: Awaited<ReturnType<typeof repo.insertOnce>>;
      try {
        // Inserted while the membership row is held: a leave at the same moment either waits
        // and takes this share with it, or went first and the share is refused (decision 0041).
        result = await rooms.withMembership(room.id, user.id, (tx) =>
          createWorkspaceRepository(tx).insertOnce({
            id: newId(),
            roomId: room.id,
            ownerId: user.id,
            kind: input.kind as WorkspaceKind,
            recordId: input.id,
            sharedBy: user.id,
            createdAt: now(),
          }),
        );
      } catch (err) {
        // The room was deleted after the membership check (its rows cascade away).
        if (isForeignKeyViolation(err)) throw AppError.notFound(ROOM_MESSAGES.roomNotFound);
        throw err;
      }
      const item = result.share && toWorkspaceItem(result.share);
      // Deleted between the check and the insert: as if it had been deleted before.
      if (!item) throw AppError.notFound(WORKSPACE_MESSAGES.recordNotFound);
      if (result.created) await changed(room.id);
      return { item, created: result.created };
    },

    /** Takes an item out of the workspace: its sharer, the room's owner or an admin. */
    async unshare(user: AuthUser, roomId: string, shareId: string): Promise<void> {
      const room = await rooms.requireMember(roomId, user.id);
      const share = await shareIn(room.id, shareId);
      const mayRemove =
        share.sharedBy === user.id || room.role === 'owner' || room.role === 'admin';
      if (!mayRemove) throw AppError.forbidden(WORKSPACE_MESSAGES.unshareForbidden);
      if (await repo.deleteShare(room.id, share.id)) await changed(room.id);
    },

    /** A shared file note's stored bytes and name, for a member of the room. */
    async file(
      user: AuthUser,
      roomId: string,
      shareId: string,
    ): Promise<{ file: StoredFile; fileName: string }> {
      const room = await rooms.requireMember(roomId, user.id);
      const share = await shareIn(room.id, shareId);
      const item = toWorkspaceItem(share);
      if (!item) throw AppError.notFound(WORKSPACE_MESSAGES.shareNotFound);
      if (item.kind !== 'fileNote') throw AppError.notFound(WORKSPACE_MESSAGES.notAFile);
      const file = await files.get(share.ownerId, share.recordId);
      if (!file) throw AppError.notFound(WORKSPACE_MESSAGES.shareNotFound);
      return { file, fileName: fileNameForType(item.data.fileName, file.contentType) };
    },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
