import { apiBlob } from '../../../lib/http';

/**
 * GET /api/rooms/:roomId/workspace/:shareId/file: a shared file note's bytes, for members. The
 * Blob's type is the one the server decided from the bytes when they were stored.
 */
export function getWorkspaceFile(roomId: string, shareId: string): Promise<Blob> {
  return apiBlob(
    `/rooms/${encodeURIComponent(roomId)}/workspace/${encodeURIComponent(shareId)}/file`,
  );
}
