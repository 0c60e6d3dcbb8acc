import { apiBlob } from '../../../lib/http';

/**
 * GET /api/rooms/:roomId/files/:fileId: a room file's bytes, for members (decision 0074). The
 * Blob's type is the one the server decided from the bytes when they were stored.
 */
export function getRoomFile(roomId: string, fileId: string): Promise<Blob> {
  return apiBlob(`/rooms/${encodeURIComponent(roomId)}/files/${encodeURIComponent(fileId)}`);
}
