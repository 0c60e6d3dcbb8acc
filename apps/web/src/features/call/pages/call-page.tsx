import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { linkNamesRoom, type Room } from '@studycircle/shared';
import { errorMessage, HttpError } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { LoadingBlock } from '../../../ui/spinner';
import { displayName, useAuth } from '../../auth';
import { roomIdOf, useCallRoom } from '../api/resolve-call-room';
import { CallScreen, type CallScreenProps } from '../components/call-screen';
import { PreJoin } from '../components/pre-join';
import type { CallStart } from '../hooks/use-call';

function roomFromState(state: unknown, param: string): Room | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const room = (state as { room?: unknown }).room;
  if (!room || typeof room !== 'object') return undefined;
  const r = room as Room;
  return linkNamesRoom(r, param) ? r : undefined;
}

/** Mic or camera off, as the room page's device check passes them in navigation state. */
function startFromState(state: unknown): CallStart | undefined {
  if (!state || typeof state !== 'object') return undefined;
  const start = (state as { start?: unknown }).start;
  if (!start || typeof start !== 'object') return undefined;
  const { muted, videoOff } = start as Record<string, unknown>;
  return { muted: muted === true, videoOff: videoOff === true };
}

/** The load failure's own sentence (docs/product.md §5.12). */
function errorText(error: unknown): string {
  return errorMessage(error, (e) => (e instanceof Error ? e.message : 'Failed to load room'));
}

/**
 * The video call (/rooms/call/room/:roomId and /rooms/call/:roomId; docs/product.md §7.1). Loads
 * the room unless it came in navigation state (404 then try as a code), shows the load failure
 * screen, and otherwise the pre-join step (preview, mic and camera, devices); its "Join now" hands
 * over to the call screen (docs/decisions/0073-pre-join.md). A missing id goes back to the rooms
 * list.
 */
export function CallPage({
  tools,
  Chat,
  EmailInvite,
}: Pick<CallScreenProps, 'tools' | 'Chat' | 'EmailInvite'>) {
  const { roomId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const passed = roomFromState(location.state, roomId);
  const room = useCallRoom(roomId, passed);
  const [openChat] = useState(
    () => (location.state as { initialTab?: unknown } | null)?.initialTab === 'chat',
  );
  // The room page's device check may pass the mic or camera off; the pre-join starts from that.
  const [passedStart] = useState(() => startFromState(location.state));
  // Set by "Join now": nothing joins (no socket, no signalling) before it.
  const [start, setStart] = useState<CallStart | null>(null);

  useEffect(() => {
    document.title = room.data ? `${room.data.name} · Call · StudyCircle` : 'Call · StudyCircle';
  }, [room.data]);

  if (!roomId.trim()) return <Navigate to="/dashboard/rooms" replace />;

  // A private room's call link opened by a non-member: the room page names the room and takes
  // its code (docs/decisions/0066-a-room-link-for-a-non-member.md).
  if (room.error instanceof HttpError && room.error.status === 403) {
    return <Navigate to={`/rooms/room/${encodeURIComponent(roomId)}`} replace />;
  }

  if (room.isError) {
    return (
      <div className="palette-fixed flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-950 px-4 text-center text-white [color-scheme:dark]">
        <h1 className="max-w-lg text-lg font-semibold break-words [overflow-wrap:anywhere]">
          {'Unable to open room. '}
          {errorText(room.error)}
        </h1>
        <Button onClick={() => navigate('/dashboard/rooms')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to Rooms
        </Button>
      </div>
    );
  }

  if (!room.data || !user) {
    return (
      <div className="palette-fixed flex min-h-dvh items-center justify-center bg-slate-950 text-white [color-scheme:dark]">
        <LoadingBlock label="Loading room…" />
      </div>
    );
  }

  if (!start) {
    return (
      <PreJoin
        roomName={room.data.name || `Room ${roomId}`}
        backTo={`/rooms/room/${encodeURIComponent(roomIdOf(room.data))}`}
        initial={passedStart}
        onJoin={setStart}
      />
    );
  }

  return (
    <CallScreen
      key={roomIdOf(room.data)}
      room={room.data}
      routeId={roomId}
      user={{
        id: user.id ?? user._id ?? null,
        name: displayName(user),
        avatar: user.profilePic || undefined,
      }}
      initialChatOpen={openChat}
      start={start}
      tools={tools}
      Chat={Chat}
      EmailInvite={EmailInvite}
    />
  );
}
