import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WorkspaceChanged } from '@studycircle/shared';
import { acquireSocket } from '../../../lib/socket';
import { workspaceQueryKey } from '../api/get-workspace';

/**
 * Keeps a room's workspace list current while the room is open (docs/product.md §5.13): the
 * server sends `workspace-changed` to the room's chat channel, which the room page's chat hook
 * has this socket in, and the list is fetched again. After a reconnect it is fetched again too,
 * since a change may have been missed while the link was down.
 */
export function useWorkspaceEvents(roomId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !roomId) return;
    const { socket, release } = acquireSocket();
    let connectedBefore = socket.connected;
    const refetch = () =>
      void queryClient.invalidateQueries({ queryKey: workspaceQueryKey(roomId) });
    const onChanged = (payload: WorkspaceChanged) => {
      if (payload.roomId === roomId) refetch();
    };
    const onConnect = () => {
      if (connectedBefore) refetch();
      connectedBefore = true;
    };
    socket.on('workspace-changed', onChanged);
    socket.on('connect', onConnect);
    return () => {
      socket.off('workspace-changed', onChanged);
      socket.off('connect', onConnect);
      release();
    };
  }, [enabled, roomId, queryClient]);
}
