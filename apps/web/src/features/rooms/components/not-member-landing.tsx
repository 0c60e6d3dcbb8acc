import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Hand, Lock } from 'lucide-react';
import { ROOM_MESSAGES } from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { pageClasses } from '../../../ui/page-width';
import { toast } from '../../../ui/toast';
import { roomQueryKey } from '../api/get-room';
import { useRoomPreview } from '../api/get-room-preview';
import { useAskToJoin, useCancelJoinRequest } from '../api/join-requests';
import { roomIdOf } from '../storage/rooms-storage';
import { JoinByCodeForm } from './join-by-code-form';

/**
 * Where a signed-in student lands from a private room's link (the room page or its call) when
 * they are not a member: the room's name (nothing more: the code is the room's secret), the
 * server's sentence, and the code box; joining opens the room. Without the code, "Ask to join"
 * sends a request the owner and admins answer from the room page; the page then waits for the
 * answer and opens the room once let in (docs/decisions/0067-ask-to-join.md). A link by code or
 * slug, or a room whose name cannot be read, shows the same page without the name or the request.
 * Never a raw status.
 */
export function NotMemberLanding({ roomKey, backTo }: { roomKey: string; backTo: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const preview = useRoomPreview(roomKey);
  const name = preview.data?.name;
  const requested = preview.data?.requested === true;
  const ask = useAskToJoin(roomKey);
  const cancel = useCancelJoinRequest(roomKey);
  useDocumentTitle(name ? `${name} · Private room` : 'Private room');

  // Let in while waiting: the room page reads the room again and shows it.
  const admitted = preview.data?.isMember === true;
  useEffect(() => {
    if (!admitted) return;
    toast(`You're in: ${name ?? 'the room'}.`, { tone: 'success' });
    void queryClient.invalidateQueries({ queryKey: roomQueryKey(roomKey) });
  }, [admitted, name, queryClient, roomKey]);

  return (
    <div className={pageClasses('narrow')}>
      <section
        aria-labelledby="private-room-title"
        className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <p className="flex items-center gap-2 text-sm font-medium text-slate-600">
          <Lock aria-hidden="true" className="h-4 w-4 shrink-0" />
          Private room
        </p>
        <h1
          id="private-room-title"
          className="mt-2 text-2xl font-bold [overflow-wrap:anywhere] text-slate-900"
        >
          {name ?? 'This room is private'}
        </h1>
        <p className="mt-2 text-slate-700">{ROOM_MESSAGES.privateRoom}</p>
        <p className="mt-1 text-sm text-slate-600">
          Ask a member of the room for its code, then enter it here.
        </p>
        {preview.data?.isPrivate && (
          <div
            className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4"
            aria-live="polite"
          >
            {requested ? (
              <div className="space-y-3">
                <p className="text-sm text-slate-800">
                  Request sent. You will get in when the owner or an admin accepts it.
                </p>
                <Button
                  size="sm"
                  variant="outline"
                  loading={cancel.isPending}
                  onClick={() =>
                    cancel.mutate(undefined, {
                      onError: (err) =>
                        toast(errorMessage(err, 'Could not cancel the request.'), {
                          tone: 'error',
                        }),
                    })
                  }
                >
                  Cancel request
                </Button>
              </div>
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-slate-700">No code? Ask the owner to let you in.</p>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={ask.isPending}
                  onClick={() => ask.mutate()}
                >
                  <Hand aria-hidden="true" className="h-4 w-4" />
                  Ask to join
                </Button>
              </div>
            )}
            {ask.isError && (
              <Alert tone="error" className="mt-3">
                {errorMessage(ask.error, 'Could not send the request. Please try again.')}
              </Alert>
            )}
          </div>
        )}
        <div className="mt-6">
          <JoinByCodeForm
            onJoined={(joined) => {
              const id = 'room' in joined ? roomIdOf(joined.room) : joined.roomId;
              navigate(`/rooms/room/${encodeURIComponent(id)}`, {
                replace: true,
                state: 'room' in joined ? { room: joined.room, backTo } : { backTo },
              });
            }}
            actions={
              <Button variant="outline" onClick={() => navigate(backTo)}>
                <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                Back to Rooms
              </Button>
            }
          />
        </div>
      </section>
    </div>
  );
}
