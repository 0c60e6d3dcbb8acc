import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { JoinRequestAnswered, JoinRequestsChanged } from '@studycircle/shared';
import { HttpError } from '../../../lib/http';
import { acquireSocket } from '../../../lib/socket';
import { toast } from '../../../ui/toast-store';
import { roomMembersQueryKey } from '../api/get-room-members';
import { acceptJoinRequest, joinRequestsQueryKey, previewKey } from '../api/join-requests';
import { roomsQueryKey } from '../api/get-rooms';

/** How long a request's toast stays: it offers a choice, like an Undo (decision 0064). */
export const JOIN_REQUEST_TOAST_MS = 10_000;

export const JOIN_REQUEST_ALERTS = {
  asks: (name: string, room: string) => `${name} asks to join ${room}.`,
  letIn: (name: string, room: string) => `${name} can now open ${room}.`,
  youAreIn: (room: string) => `You're in: ${room}.`,
  declined: (room: string) => `Your request to join ${room} was declined.`,
  couldNotAccept: 'Could not let them in. Try again from the room page.',
} as const;

/**
 * Requests to join told live on every signed-in screen, the call included
 * (docs/decisions/0067-ask-to-join.md): the room's owner and admins get a toast naming who asks,
 * with Accept; the asker is told the answer. Open lists (the room page's requests, the asker's
 * landing page) are read again at once instead of at their next poll. Returns whether the live
 * link is up, so pushes can arrive.
 */
export function useJoinRequestAlerts(): boolean {
  const [listening, setListening] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Read at the push, not a reason to subscribe again (that could drop the shared socket).
  const path = useRef('');
  path.current = useLocation().pathname;

  useEffect(() => {
    const { socket, release } = acquireSocket();
    const onRequests = ({ roomId, roomName, requester }: JoinRequestsChanged) => {
      void queryClient.invalidateQueries({ queryKey: joinRequestsQueryKey(roomId) });
      if (!requester) return;
      toast(JOIN_REQUEST_ALERTS.asks(requester.name, roomName), {
        key: `join-request:${roomId}:${requester.id}`,
        durationMs: JOIN_REQUEST_TOAST_MS,
        action: {
          label: 'Accept',
          run: () => {
            acceptJoinRequest(roomId, requester.id).then(
              () => toast(JOIN_REQUEST_ALERTS.letIn(requester.name, roomName), { tone: 'success' }),
              (error: unknown) =>
                toast(
                  error instanceof HttpError && error.hasServerMessage
                    ? error.message
                    : JOIN_REQUEST_ALERTS.couldNotAccept,
                  { tone: 'error' },
                ),
            );
            void queryClient.invalidateQueries({ queryKey: joinRequestsQueryKey(roomId) });
            void queryClient.invalidateQueries({ queryKey: roomMembersQueryKey(roomId) });
          },
        },
      });
    };
    const onAnswered = ({ roomId, roomName, accepted }: JoinRequestAnswered) => {
      void queryClient.invalidateQueries({ queryKey: previewKey(roomId) });
      if (accepted) void queryClient.invalidateQueries({ queryKey: roomsQueryKey });
      // The asker's own landing page for that room says it and opens the room itself.
      if (path.current.includes(roomId)) return;
      if (!accepted) {
        toast(JOIN_REQUEST_ALERTS.declined(roomName));
        return;
      }
      toast(JOIN_REQUEST_ALERTS.youAreIn(roomName), {
        tone: 'success',
        durationMs: JOIN_REQUEST_TOAST_MS,
        action: {
          label: 'Open room',
          run: () => void navigate(`/rooms/room/${encodeURIComponent(roomId)}`),
        },
      });
    };
    const onLink = () => setListening(socket.connected);
    socket.on('room-join-requests', onRequests);
    socket.on('room-join-answered', onAnswered);
    socket.on('connect', onLink);
    socket.on('disconnect', onLink);
    onLink();
    return () => {
      socket.off('room-join-requests', onRequests);
      socket.off('room-join-answered', onAnswered);
      socket.off('connect', onLink);
      socket.off('disconnect', onLink);
      release();
    };
  }, [queryClient, navigate]);
  return listening;
}
