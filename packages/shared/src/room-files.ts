import { z } from 'zod';

/**
 * Room files (docs/decisions/0074-room-files.md): files of a real size uploaded straight to a
 * room's workspace, not synced personal records. Personal file notes keep their 256 KB limit
 * (docs/product.md §10.2, sync.ts); a room file may be up to 25 MB of the common study types, decided from its bytes.
 *
 * - `POST /api/rooms/:roomId/files?name=...` with the raw bytes as an `application/octet-stream`
 *   body: a member shares a file; 201 with the file.
 * - `GET /api/rooms/:roomId/files`: members list the room's files, newest first.
 * - `GET /api/rooms/:roomId/files/:fileId`: the bytes, as an attachment (a Range is honoured).
 * - `DELETE /api/rooms/:roomId/files/:fileId`: the uploader, the room's owner or an admin.
 * - Socket.IO `workspace-changed` {roomId} on the room's chat channel, as for shares.
 */

const MB = 1024 * 1024;

export const ROOM_FILE_LIMITS = {
  /** One file: Discord's free tier takes 10 MB, Notion's 5 MB; a deck of slides fits in 25. */
  maxBytes: 25 * MB,
  /** Every file of one room together. */
  roomQuotaBytes: 500 * MB,
  /** Every room file one account uploaded, in any room. */
  accountQuotaBytes: 1024 * MB,
  /** A file name's length in characters. */
  nameMax: 200,
  /** The newest files a list holds. */
  listMax: 200,
} as const;

/** The types a room file may be, decided from its bytes (never the name or the upload's claim). */
export const ROOM_FILE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'text/plain',
] as const;
export type RoomFileType = (typeof ROOM_FILE_TYPES)[number];

export const ROOM_FILE_MESSAGES = {
  tooLarge: 'Room files must be under 25 MB.',
  typeRefused:
    'Only PDF, images (PNG, JPEG, GIF, WebP), Word, Excel, PowerPoint, OpenDocument and plain text files can be shared.',
  empty: 'The file is empty.',
  roomQuota: "This room's files have reached 500 MB. Remove some before sharing more.",
  accountQuota: 'You have shared 1 GB of room files. Remove some before sharing more.',
  nameInvalid: 'The file needs a name of at most 200 characters.',
  notFound: 'That file is no longer in this room.',
  deleteForbidden: 'Only the person who shared it, the room owner or an admin can remove it.',
  uploadFailed: 'Could not share the file. Please try again.',
  rangeInvalid: 'That part of the file does not exist.',
} as const;

/** `?name=` of an upload: the name the file is shown and downloaded under. */
export const UploadRoomFileQuerySchema = z.object({
  name: z
    .string({ error: ROOM_FILE_MESSAGES.nameInvalid })
    .trim()
    .min(1, ROOM_FILE_MESSAGES.nameInvalid)
    .max(ROOM_FILE_LIMITS.nameMax, ROOM_FILE_MESSAGES.nameInvalid),
});
export type UploadRoomFileQuery = z.infer<typeof UploadRoomFileQuerySchema>;

export const RoomFileSchema = z.object({
  /** 24 hexadecimal characters. */
  id: z.string(),
  roomId: z.string(),
  fileName: z.string(),
  /** Decided from the bytes when stored. */
  fileType: z.enum(ROOM_FILE_TYPES),
  size: z.number().int().min(1).max(ROOM_FILE_LIMITS.maxBytes),
  sharedBy: z.object({ id: z.string(), name: z.string() }),
  /** ISO time of the upload. */
  sharedAt: z.string(),
});
export type RoomFile = z.infer<typeof RoomFileSchema>;

export const RoomFileResponseSchema = z.object({ file: RoomFileSchema });
export type RoomFileResponse = z.infer<typeof RoomFileResponseSchema>;

export const RoomFileListResponseSchema = z.object({ files: z.array(RoomFileSchema) });
export type RoomFileListResponse = z.infer<typeof RoomFileListResponseSchema>;

/** A short label for a room file's type, for lists ("PDF", "Word", "Text"). */
export function roomFileTypeLabel(type: RoomFileType): string {
  const labels: Record<RoomFileType, string> = {
    'application/pdf': 'PDF',
    'image/png': 'PNG image',
    'image/jpeg': 'JPEG image',
    'image/gif': 'GIF image',
    'image/webp': 'WebP image',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
    'application/vnd.oasis.opendocument.text': 'OpenDocument text',
    'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument spreadsheet',
    'application/vnd.oasis.opendocument.presentation': 'OpenDocument presentation',
    'text/plain': 'Text',
  };
  return labels[type];
}
