import { z } from 'zod';
import { FILE_NOTE_MAX_BYTES, SYNC_LIMITS } from './sync.js';

/**
 * A room's workspace (docs/product.md §5.13): the notes, files and resources its members
 * shared with it. A share points at the sharer's own synced record (sync.ts), not a copy, so the
 * room always sees the record as its owner last saved it, and a record its owner deletes leaves
 * the workspace (docs/decisions/0024-room-workspace-shares-live-records.md).
 *
 * - `POST /api/rooms/:roomId/workspace` {kind, id}: a member shares one of their own records.
 * - `GET /api/rooms/:roomId/workspace`: members list what was shared, newest first.
 * - `DELETE /api/rooms/:roomId/workspace/:shareId`: the sharer, the room's owner or an admin.
 * - `GET /api/rooms/:roomId/workspace/:shareId/file`: a shared file note's bytes, for members.
 * - Socket.IO `workspace-changed` {roomId} on the room's chat channel: members with the room open
 *   fetch the list again.
 */

/** What can be shared with a room: notes, files and links, never tasks (they stay personal). */
export const WORKSPACE_KINDS = ['textNote', 'fileNote', 'resource'] as const;
export type WorkspaceKind = (typeof WORKSPACE_KINDS)[number];

export const WORKSPACE_LIMITS = {
  /** The newest shares a list holds; a room's workspace is a shelf, not an archive. */
  listMax: 200,
} as const;

export const WORKSPACE_MESSAGES = {
  kindInvalid: 'Choose a note, a file or a resource to share',
  idInvalid: 'Choose a note, a file or a resource to share',
  /**
   * The record is not the caller's, is not on the server yet (still waiting to sync), or was
   * deleted: one sentence for all, so nobody learns whether someone else's id exists.
   */
  recordNotFound: 'This item is not saved to your account yet. Try again once it has synced.',
  shareNotFound: 'That item is no longer shared with this room.',
  unshareForbidden: 'Only the person who shared it, the room owner or an admin can remove it.',
  notAFile: 'Only a shared file can be downloaded.',
  loadFailed: 'Could not load the workspace.',
  shared: 'Shared with the room.',
  unshared: 'Removed from the workspace.',
} as const;

/** A record id as the sync contract allows (client-made: a UUID, `note-{ms}`, `file-{ms}`). */
const RecordIdSchema = z
  .string({ error: WORKSPACE_MESSAGES.idInvalid })
  .min(1, WORKSPACE_MESSAGES.idInvalid)
  .max(SYNC_LIMITS.idMax, WORKSPACE_MESSAGES.idInvalid)
  .regex(/^[A-Za-z0-9_.:-]+$/, WORKSPACE_MESSAGES.idInvalid);

/** Body of `POST /api/rooms/:roomId/workspace`. */
export const ShareWorkspaceItemInputSchema = z.strictObject({
  kind: z.enum(WORKSPACE_KINDS, { error: WORKSPACE_MESSAGES.kindInvalid }),
  id: RecordIdSchema,
});
export type ShareWorkspaceItemInput = z.infer<typeof ShareWorkspaceItemInputSchema>;

/** What the room sees of a text note: its words, never the owner's private fields. */
export const WorkspaceTextNoteSchema = z.object({
  title: z.string(),
  text: z.string(),
  uploadedAt: z.string(),
});

/** A file note's description; its bytes come from the item's file endpoint. */
export const WorkspaceFileNoteSchema = z.object({
  fileName: z.string(),
  /** The type the server decided from the bytes when they were stored. */
  fileType: z.string(),
  size: z.number().int().min(0).max(FILE_NOTE_MAX_BYTES),
  uploadedAt: z.string(),
});

export const WorkspaceResourceSchema = z.object({
  title: z.string(),
  /** Always http(s): the sync contract refuses anything else (docs/product.md §12.2). */
  link: z.string(),
  type: z.string(),
  tags: z.array(z.string()),
});

const itemBase = {
  /** The share's id (24 hexadecimal characters), which unsharing and the file endpoint take. */
  id: z.string(),
  roomId: z.string(),
  /** The shared record's own id in its owner's synced items. */
  recordId: z.string(),
  sharedBy: z.object({ id: z.string(), name: z.string() }),
  /** ISO time of the share. */
  sharedAt: z.string(),
};

export const WorkspaceItemSchema = z.discriminatedUnion('kind', [
  z.object({ ...itemBase, kind: z.literal('textNote'), data: WorkspaceTextNoteSchema }),
  z.object({ ...itemBase, kind: z.literal('fileNote'), data: WorkspaceFileNoteSchema }),
  z.object({ ...itemBase, kind: z.literal('resource'), data: WorkspaceResourceSchema }),
]);
export type WorkspaceItem = z.infer<typeof WorkspaceItemSchema>;

export const WorkspaceListResponseSchema = z.object({ items: z.array(WorkspaceItemSchema) });
export type WorkspaceListResponse = z.infer<typeof WorkspaceListResponseSchema>;

export const WorkspaceItemResponseSchema = z.object({ item: WorkspaceItemSchema });
export type WorkspaceItemResponse = z.infer<typeof WorkspaceItemResponseSchema>;

/** Socket.IO event (server to client, on the room's chat channel): fetch the workspace again. */
export const WORKSPACE_CHANGED_EVENT = 'workspace-changed';
export interface WorkspaceChanged {
  roomId: string;
}
