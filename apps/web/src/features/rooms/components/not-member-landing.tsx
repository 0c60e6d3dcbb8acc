import { useNavigate } from 'react-router';
import { ArrowLeft, Lock } from 'lucide-react';
import { ROOM_MESSAGES } from '@studycircle/shared';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Button } from '../../../ui/button';
import { pageClasses } from '../../../ui/page-width';
import { useRoomPreview } from '../api/get-room-preview';
import { roomIdOf } from '../storage/rooms-storage';
import { JoinByCodeForm } from './join-by-code-form';

/**
 * Where a signed-in student lands from a private room's link (the room page or its call) when
 * they are not a member: the room's name (nothing more: the code is the room's secret), the
 * server's sentence, and the code box; joining opens the room. A link by code or slug, or a room
 * whose name cannot be read, shows the same page without the name. Never a raw status.
 */
export function NotMemberLanding({ roomKey, backTo }: { roomKey: string; backTo: string }) {
  const navigate = useNavigate();
  const preview = useRoomPreview(roomKey);
  const name = preview.data?.name;
  useDocumentTitle(name ? `${name} · Private room` : 'Private room');

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
