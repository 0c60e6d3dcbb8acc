import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import {
  OBJECT_ID_PATTERN,
  ROOM_FILE_LIMITS,
  ROOM_FILE_MESSAGES,
  ROOM_FILE_TYPES,
  ROOM_MESSAGES,
  ERROR_CODES,
  type RoomFile,
  type RoomFileType,
} from '@studycircle/shared';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher, EventSubscriber } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../auth/auth.types.js';
import type { RoomEvents, RoomsService } from '../rooms/rooms.service.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { UsersService } from '../users/users.service.js';
import { RoomFileCheck } from './room-file-check.js';
import {
  createRoomFilesRepository,
  deleteRoomFilesOfAccount,
  type NewRoomFileRow,
  type RoomFileRow,
  type RoomFilesRepository,
} from './room-files.repository.js';
import type { WorkspaceEvents } from './workspace.service.js';

/**
 * Room files (docs/decisions/0074-room-files.md): files up to 25 MB uploaded straight to a room's
 * workspace. Membership is read from the database on every call, as for shares. An upload is
 * checked (type from its first bytes, size, the room's and the account's quota) while it streams
 * into the blob store, and its row is written only once the bytes are stored whole; a failed or
 * abandoned upload leaves nothing. The room's live members hear `workspace-changed`.
 */

export interface RoomFilesServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: RoomFilesRepository;
  rooms: Pick<RoomsService, 'requireMember' | 'withMembership'>;
  /** Uploaders' names as they are now (the users table is the users module's). */
  users: Pick<UsersService, 'namesOf'>;
  blobs: BlobStore;
  events: EventPublisher<WorkspaceEvents>;
  /** A deleted room's files leave the blob store once the deletion is committed. */
  roomEvents: EventSubscriber<RoomEvents>;
  limits?: Partial<typeof ROOM_FILE_LIMITS>;
  now?: () => Date;
  /** Where a blob that could not be removed is reported (it is then an orphan on disk). */
  onCleanupError?: (err: unknown, key: string) => void;
}

const keyOf = (roomId: string, fileId: string) => `${roomId}/${fileId}`;

const tooLarge = (message: string) => new AppError(ERROR_CODES.bodyTooLarge, 413, message);

function toRoomFile(row: RoomFileRow): RoomFile {
  return {
    id: row.id,
    roomId: row.roomId,
    fileName: row.fileName,
    fileType: row.contentType as RoomFileType,
    size: row.size,
    sharedBy: { id: row.uploadedBy, name: row.uploaderName },
    sharedAt: row.createdAt.toISOString(),
  };
}

/** PostgreSQL's foreign_key_violation: the room or the account went away mid-upload. */
function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return (e?.code ?? e?.cause?.code) === '23503';
}

/** A name safe to show and to put in a header: no control characters, no path. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'file';
}

export function createRoomFilesService({
  repo,
  rooms,
  users,
  blobs,
  events,
  roomEvents,
  limits: limitsIn,
  now: clock,
  onCleanupError,
}: RoomFilesServiceDeps) {
  const limits = { ...ROOM_FILE_LIMITS, ...limitsIn };
  const now = clock ?? (() => new Date());
  const removeQuietly = async (remove: () => Promise<void>, key: string) => {
    try {
      await remove();
    } catch (err) {
      onCleanupError?.(err, key);
    }
  };

  /** Rows with their uploader's name; a row whose uploader is gone is left out, as before. */
  async function named(rows: NewRoomFileRow[]): Promise<RoomFileRow[]> {
    const names = await users.namesOf(rows.map((r) => r.uploadedBy));
    return rows.flatMap((r) => {
      const uploaderName = names.get(r.uploadedBy);
      return uploaderName === undefined ? [] : [{ ...r, uploaderName }];
    });
  }

  async function fileIn(roomId: string, fileId: string): Promise<RoomFileRow> {
    const stored = OBJECT_ID_PATTERN.test(fileId)
      ? await repo.find(roomId, fileId.toLowerCase())
      : undefined;
    const [row] = await named(stored ? [stored] : []);
    if (!row) throw AppError.notFound(ROOM_FILE_MESSAGES.notFound);
    return row;
  }

  // A deleted room's rows cascade away with it; its bytes go once that is committed.
  roomEvents.on('room-closed', ({ roomId }) =>
    removeQuietly(() => blobs.deletePrefix(roomId), roomId),
  );

  return {
    limits,

    /**
     * The account's room files, on the account deletion's transaction; `afterCommit` removes
     * their bytes, and the folders of the rooms the deletion took, once it is committed
     * (docs/decisions/0065-account-deletion-in-one-transaction.md).
     */
    async deleteAccountData(
      tx: Tx,
      userId: string,
      afterCommit: (task: () => Promise<void>) => void,
      deletedRooms: () => string[],
    ): Promise<void> {
      const keys = await deleteRoomFilesOfAccount(tx, userId);
      afterCommit(async () => {
        for (const key of keys) await removeQuietly(() => blobs.delete(key), key);
        for (const roomId of deletedRooms()) {
          await removeQuietly(() => blobs.deletePrefix(roomId), roomId);
        }
      });
    },

    /** The room's files for a member, newest first. */
    async list(user: AuthUser, roomId: string): Promise<RoomFile[]> {
      const room = await rooms.requireMember(roomId, user.id);
      return (await named(await repo.list(room.id, limits.listMax))).map(toRoomFile);
    },

    /**
     * Streams an upload into the room: refused before a byte is read when the declared length is
     * too much, and stopped at the first byte past the limit when it was not declared (or lied).
     * `body` is the request; a client that goes away mid-upload leaves nothing.
     */
    async upload(
      user: AuthUser,
      roomId: string,
      input: { fileName: string; declaredLength?: number; body: IncomingMessage },
    ): Promise<RoomFile> {
      const room = await rooms.requireMember(roomId, user.id);
      const used = await repo.usage(room.id, user.id);
      const roomLeft = limits.roomQuotaBytes - used.room;
      const accountLeft = limits.accountQuotaBytes - used.account;
      // The message names the limit that is closest: the file's own, else the room's or the account's.
      const max = Math.min(limits.maxBytes, roomLeft, accountLeft);
      const refusal = () =>
        tooLarge(
          max === limits.maxBytes
            ? ROOM_FILE_MESSAGES.tooLarge
            : roomLeft <= accountLeft
              ? ROOM_FILE_MESSAGES.roomQuota
              : ROOM_FILE_MESSAGES.accountQuota,
        );
      if (max <= 0 || (input.declaredLength !== undefined && input.declaredLength > max)) {
        throw refusal();
      }

      const fileId = newId();
      const key = keyOf(room.id, fileId);
      const check = new RoomFileCheck(max, refusal);
      const { body } = input;
      // `pipe` rather than `pipeline`: a refusal must not destroy the request (the reply still
      // has to go out on its socket), so the request's own end is watched here.
      body.on('error', (err) => check.destroy(err));
      body.on('close', () => {
        if (!body.complete) check.destroy(new Error('upload aborted'));
      });
      body.pipe(check);
      await blobs.put(key, check as Readable);

      const type = check.type;
      if (!type || !(ROOM_FILE_TYPES as readonly string[]).includes(type)) {
        await blobs.delete(key);
        throw AppError.badRequest(ROOM_FILE_MESSAGES.typeRefused);
      }
      const row = {
        id: fileId,
        roomId: room.id,
        uploadedBy: user.id,
        fileName: cleanName(input.fileName),
        contentType: type,
        size: check.bytes,
        createdAt: now(),
      };
      try {
        // Written while the membership row is held, so a leave or a removal at the same moment
        // is either before (refused) or after (the file stays, the room's as the rest).
        // The quotas are added up again here: another upload may have finished meanwhile.
        await rooms.withMembership(room.id, user.id, async (tx) => {
          const txRepo = createRoomFilesRepository(tx);
          const stored = await txRepo.usage(room.id, user.id);
          if (stored.room + row.size > limits.roomQuotaBytes) {
            throw tooLarge(ROOM_FILE_MESSAGES.roomQuota);
          }
          if (stored.account + row.size > limits.accountQuotaBytes) {
            throw tooLarge(ROOM_FILE_MESSAGES.accountQuota);
          }
          await txRepo.insert(row);
        });
      } catch (err) {
        await removeQuietly(() => blobs.delete(key), key);
        if (isForeignKeyViolation(err)) throw AppError.notFound(ROOM_MESSAGES.roomNotFound);
        throw err;
      }
      await events.emit('workspace-changed', { roomId: room.id });
      return toRoomFile({ ...row, uploaderName: user.name });
    },

    /**
     * A room file's description and its bytes (or the part `range` asks for), for a member.
     * `range` gets the file's size and answers the bytes to send, or undefined for all of them.
     */
    async download(
      user: AuthUser,
      roomId: string,
      fileId: string,
      range?: (size: number) => { start: number; end: number } | undefined,
    ): Promise<{ file: RoomFile; part?: { start: number; end: number }; stream: Readable }> {
      const room = await rooms.requireMember(roomId, user.id);
      const row = await fileIn(room.id, fileId);
      const part = range?.(row.size);
      const stream = await blobs.get(keyOf(room.id, row.id), part);
      if (!stream) throw AppError.notFound(ROOM_FILE_MESSAGES.notFound);
      return { file: toRoomFile(row), part, stream };
    },

    /** Removes a file: its uploader, the room's owner or an admin. */
    async remove(user: AuthUser, roomId: string, fileId: string): Promise<void> {
      const room = await rooms.requireMember(roomId, user.id);
      const row = await fileIn(room.id, fileId);
      const mayRemove =
        row.uploadedBy === user.id || room.role === 'owner' || room.role === 'admin';
      if (!mayRemove) throw AppError.forbidden(ROOM_FILE_MESSAGES.deleteForbidden);
      if (!(await repo.delete(room.id, row.id))) return;
      // The row is gone first, so nobody is sent a file whose bytes are going.
      const key = keyOf(room.id, row.id);
      await removeQuietly(() => blobs.delete(key), key);
      await events.emit('workspace-changed', { roomId: room.id });
    },
  };
}

export type RoomFilesService = ReturnType<typeof createRoomFilesService>;
