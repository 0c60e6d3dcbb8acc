import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  CalendarClock,
  Camera,
  Check,
  Copy,
  FileText,
  LogIn,
  MessageSquare,
  Settings,
  Share2,
  ShieldCheck,
  UserPlus,
  Users,
  Video,
  X,
} from 'lucide-react';
import { TIMINGS, linkNamesRoom, roomLoadFailedMessage, type Room } from '@studycircle/shared';
import { HttpError } from '../../../lib/http';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { LoadingBlock } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { pageClasses } from '../../../ui/page-width';
import { displayName, useAuth } from '../../auth';
import type { CallStart, DeviceCheckDialogProps } from '../../call';
import type { ChatTool } from '../../chat';
import type { RoomTool } from '../../../lib/room-tool';
import { useRoom } from '../api/get-room';
import { useJoinRoom } from '../api/join-room';
import { joinErrorMessage } from '../components/join-room-dialog';
import { CallPresence } from '../components/call-presence';
import { LeaveRoomButton } from '../components/leave-room-button';
import { InviteDialog } from '../components/invite-dialog';
import { JoinRequestsSection } from '../components/join-requests-section';
import { NotMemberLanding } from '../components/not-member-landing';
import { WorkspaceSection } from '../components/workspace-section';
import { RoomPrivacyBadge, RoomStatusBadge, roleLabel } from '../components/room-status-badge';
import { useCopiedState } from '../../../lib/use-copied-state';
import { copyText } from '../../../lib/clipboard';
import {
  canManageRoom,
  formatAge,
  memberCountLabel,
  roleOf,
  showJoinButton,
} from '../lib/room-rules';
import { roomIdOf } from '../storage/rooms-storage';

interface DetailState {
  room?: Room;
  backTo?: string;
  initialTab?: string;
}

function readState(state: unknown): DetailState {
  if (!state || typeof state !== 'object') return {};
  const s = state as Record<string, unknown>;
  const room = s.room && typeof s.room === 'object' ? (s.room as Room) : undefined;
  // Only an in-app path is a valid back target.
  const backTo = typeof s.backTo === 'string' && s.backTo.startsWith('/') ? s.backTo : undefined;
  const initialTab = typeof s.initialTab === 'string' ? s.initialTab : undefined;
  return { room, backTo, initialTab };
}

/** True when the room passed in state is the one the URL names (by id, code or slug). */
function matches(room: Room | undefined, param: string): room is Room {
  return room !== undefined && linkNamesRoom(room, param);
}

/**
 * docs/product.md §5.7: the join click forces navigation after 600 ms if the route did not change.
 */
export const JOIN_FALLBACK_MS = TIMINGS.joinNavigationFallbackMs;

/**
 * What app/room/ composes the room page from (docs/decisions/0081-one-room-on-the-web.md): the
 * room tools' sections in the page's order, the room chat, and the call's device check. The
 * rooms feature imports none of those features.
 */
export interface RoomPageParts {
  tools: readonly RoomTool[];
  Chat: ChatTool;
  DeviceCheckDialog: ComponentType<DeviceCheckDialogProps>;
}

function DetailView({
  room,
  backTo,
  initialTab,
  parts: { tools, Chat, DeviceCheckDialog },
}: {
  room: Room;
  backTo: string;
  initialTab?: string;
  parts: RoomPageParts;
}) {
  const navigate = useNavigate();
  const id = roomIdOf(room);
  const role = roleOf(room);
  const [joiningCall, setJoiningCall] = useState(false);
  const fallback = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const code = useCopiedState();
  const share = useCopiedState();
  useDocumentTitle(room.name);
  const join = useJoinRoom();
  const chatButton = useRef<HTMLButtonElement>(null);
  const chatRef = useRef<HTMLDivElement>(null);
  const { user } = useAuth();
  // Arriving with the chat tab (a card's chat action, docs/product.md §5.6) opens the room's chat.
  const [chatOpen, setChatOpen] = useState(initialTab === 'chat');
  // Members get the room's live chat channel: its messages and who is in the call right now.
  const chat = Chat.useRoomChat({
    roomId: id,
    userId: user?.id ?? user?._id ?? null,
    name: user ? displayName(user) : 'Student',
    enabled: Boolean(room.isMember),
    loadHistory: chatOpen,
  });

  useEffect(() => () => clearTimeout(fallback.current), []);

  // Opening the chat puts its message box under the keyboard.
  useEffect(() => {
    if (!chatOpen) return;
    chatRef.current?.scrollIntoView?.({ block: 'nearest' });
    chatRef.current?.querySelector('textarea')?.focus();
  }, [chatOpen]);

  const callPath = `/rooms/call/room/${encodeURIComponent(id)}`;

  const [checking, setChecking] = useState(false);
  const [inviting, setInviting] = useState(false);

  /** Opens the call; `start` carries the device check's mic and camera choice. */
  const joinCall = (start?: CallStart) => {
    setJoiningCall(true);
    const from = window.location.pathname;
    navigate(callPath, { state: start ? { room, start } : { room } });
    // A route guard or a pending lazy chunk can swallow the client-side navigation; a full load
    // of the call URL then gets the user there anyway.
    fallback.current = setTimeout(() => {
      if (window.location.pathname === from) window.location.assign(callPath);
    }, JOIN_FALLBACK_MS);
  };

  const shareRoom = async () => {
    const url = `${window.location.origin}${callPath}`;
    const data = { title: room.name || 'Study Room', text: 'Join my room', url };
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(data);
        return;
      } catch (err) {
        // The user closed the share sheet: nothing to do. Any other failure falls back to copy.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    if (await copyText(url)) share.flash();
    else toast('Could not copy the link.', { tone: 'error' });
  };

  const close = () => navigate(backTo);

  return (
    <div className={pageClasses('medium')}>
      <article
        aria-labelledby="room-title"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <header className="palette-fixed relative bg-gradient-to-br from-brand-600 to-brand-800 px-6 py-7 text-white sm:px-8">
          <button
            type="button"
            onClick={close}
            aria-label="Close room"
            className="absolute top-4 right-4 rounded-lg p-1.5 text-white/80 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
          <p className="pr-10 text-sm font-medium [overflow-wrap:anywhere] text-brand-100">
            {room.subject}
          </p>
          <h1
            id="room-title"
            className="mt-1 pr-10 text-2xl font-bold [overflow-wrap:anywhere] sm:text-3xl"
          >
            {room.name}
          </h1>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <RoomStatusBadge status={room.status} />
            <RoomPrivacyBadge isPrivate={room.isPrivate} />
            {room.isMember && (
              <Button
                size="sm"
                variant="secondary"
                className="ml-auto"
                onClick={() => setInviting(true)}
              >
                <UserPlus aria-hidden="true" className="h-4 w-4" />
                Invite
              </Button>
            )}
          </div>
          {room.isMember && <InviteDialog room={room} open={inviting} onOpenChange={setInviting} />}
        </header>

        <div className="space-y-6 px-6 py-6 sm:px-8">
          <p className="whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">
            {room.description || <span className="text-slate-500 italic">No description yet.</span>}
          </p>

          <JoinRequestsSection roomId={id} enabled={canManageRoom(room)} />

          {room.isMember && (
            <div aria-live="polite">
              {chat.presence && chat.presence.count > 0 ? (
                <CallPresence presence={chat.presence} className="text-sm" />
              ) : (
                <p className="text-sm text-slate-500">Nobody is in the call right now.</p>
              )}
            </div>
          )}

          <dl className="grid gap-3 sm:grid-cols-3">
            {(
              [
                ['Members', Users, memberCountLabel(room.members)],
                [
                  'Created',
                  CalendarClock,
                  <time key="age" dateTime={room.createdAt}>
                    {formatAge(room.createdAt)}
                  </time>,
                ],
                ['Your role', ShieldCheck, room.isMember ? roleLabel(role) : 'Not a member'],
              ] as const
            ).map(([term, Icon, value]) => (
              // A dl's groups may hold only dt and dd (axe: definition-list), so the icon sits
              // inside the term.
              <div key={term} className="rounded-xl bg-slate-50 p-3">
                <dt className="flex items-center gap-2 text-xs text-slate-500">
                  <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-600" />
                  {term}
                </dt>
                <dd className="mt-1 pl-6 text-sm font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>

          {showJoinButton(room) ? (
            <div className="flex flex-col items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-brand-900">
                Join this room to use its call, chat and notes.
              </p>
              <Button
                loading={join.isPending}
                onClick={() =>
                  join.mutate(room.code, {
                    onSuccess: (joined) => {
                      toast(`You joined ${room.name}.`, { tone: 'success' });
                      if (joined)
                        navigate(`/rooms/room/${encodeURIComponent(roomIdOf(joined))}`, {
                          replace: true,
                          state: { room: joined, backTo },
                        });
                    },
                    onError: (err) => toast(joinErrorMessage(err), { tone: 'error' }),
                  })
                }
              >
                <LogIn aria-hidden="true" className="h-4 w-4" />
                Join Room
              </Button>
            </div>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <Button size="lg" onClick={() => joinCall()} disabled={joiningCall}>
                <Video aria-hidden="true" className="h-5 w-5" />
                {joiningCall ? 'Joining...' : 'Join Video Call'}
              </Button>
              <Button
                ref={chatButton}
                size="lg"
                variant={chatOpen ? 'primary' : 'secondary'}
                aria-expanded={chatOpen}
                aria-controls="room-chat"
                onClick={() => setChatOpen((open) => !open)}
              >
                <MessageSquare aria-hidden="true" className="h-5 w-5" />
                Open Chat
              </Button>
              <Button
                size="lg"
                variant="outline"
                onClick={() => navigate('/dashboard/notes', { state: { roomId: id } })}
              >
                <FileText aria-hidden="true" className="h-5 w-5" />
                View Notes
              </Button>
              <Button size="lg" variant="outline" onClick={() => void shareRoom()}>
                {share.copied ? (
                  <Check aria-hidden="true" className="h-5 w-5 text-green-600" />
                ) : (
                  <Share2 aria-hidden="true" className="h-5 w-5" />
                )}
                Share Room
              </Button>
              {/* Optional: the call itself joins straight away (docs/product.md §7.2). */}
              <Button
                variant="ghost"
                className="sm:col-span-2"
                onClick={() => setChecking(true)}
                disabled={joiningCall}
              >
                <Camera aria-hidden="true" className="h-4 w-4" />
                Check camera and microphone
              </Button>
              <DeviceCheckDialog
                open={checking}
                onOpenChange={setChecking}
                onJoin={(start) => {
                  setChecking(false);
                  joinCall(start);
                }}
              />
            </div>
          )}
          {share.copied && <Alert tone="success">Room link copied to clipboard.</Alert>}

          {chatOpen && room.isMember && (
            <div ref={chatRef} id="room-chat">
              <Chat.ChatPanel
                title="Room chat"
                className="h-[28rem] max-h-[70dvh] overflow-hidden rounded-xl border border-slate-200"
                items={chat.items}
                loading={chat.loading}
                onSend={chat.send}
                onLoadOlder={chat.hasOlder ? () => void chat.loadOlder() : undefined}
                loadingOlder={chat.loadingOlder}
              />
            </div>
          )}

          {/* What members shared with the room (docs/product.md §5.13): members only. */}
          {room.isMember && (
            <WorkspaceSection roomId={id} userId={user?.id ?? user?._id ?? null} role={role} />
          )}
          {/* Each room tool's section, in the order app/room/ lists them: members only. */}
          {room.isMember &&
            tools.map(
              ({ id: toolId, Section }) =>
                Section && (
                  <Section
                    key={toolId}
                    roomId={id}
                    roomName={room.name}
                    user={user ? { id: user.id ?? user._id ?? '', name: displayName(user) } : null}
                  />
                ),
            )}

          <section
            aria-labelledby="room-code-title"
            className="flex flex-col gap-3 rounded-xl border border-dashed border-slate-300 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <h2
                id="room-code-title"
                className="text-xs font-medium tracking-wide text-slate-500 uppercase"
              >
                Room Code
              </h2>
              <p className="mt-1 font-mono text-2xl font-bold tracking-[0.2em] text-slate-900">
                {room.code}
              </p>
            </div>
            <Button variant="outline" onClick={() => void code.copy(room.code)}>
              {code.copied ? (
                <Check aria-hidden="true" className="h-4 w-4 text-green-600" />
              ) : (
                <Copy aria-hidden="true" className="h-4 w-4" />
              )}
              {code.copied ? 'Copied!' : 'Copy'}
            </Button>
          </section>

          <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-5">
            <Button variant="ghost" onClick={close}>
              Close
            </Button>
            <div className="flex flex-wrap items-center gap-3">
              {room.isMember && role !== 'owner' && (
                <LeaveRoomButton
                  room={room}
                  onLeft={() => navigate('/dashboard/rooms', { replace: true })}
                />
              )}
              {canManageRoom(room) && (
                <Button
                  variant="secondary"
                  onClick={() => navigate('/dashboard/rooms', { state: { manageRoomId: id } })}
                >
                  <Settings aria-hidden="true" className="h-4 w-4" />
                  Manage Room
                </Button>
              )}
            </div>
          </footer>
        </div>
      </article>
    </div>
  );
}

function RoomLoading() {
  useDocumentTitle('Loading room');
  return <LoadingBlock label="Loading room…" />;
}

/**
 * The room view (/rooms/room/:roomId; the parameter may be an id, a join code or a slug). Uses
 * the room from navigation state when it matches, else loads it with a spinner; a failure or a
 * missing room sends the user back to the back target (default /dashboard/rooms). Its tools, chat
 * and device check come in from app/room/.
 */
export function RoomDetailPage(parts: RoomPageParts) {
  const { roomId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = readState(location.state);
  const backTo = state.backTo ?? '/dashboard/rooms';
  const passed = matches(state.room, roomId) ? state.room : undefined;
  const room = useRoom(roomId || undefined, passed);

  const error = room.error;
  // A private room's link opened by a non-member: a page that names the room and takes its code,
  // not the load failure (docs/decisions/0066-a-room-link-for-a-non-member.md).
  const notMember = !room.data && error instanceof HttpError && error.status === 403;
  const failed = !roomId || (!room.data && (room.isError || room.isSuccess));
  useEffect(() => {
    if (!failed || notMember) return;
    if (error) {
      toast(roomLoadFailedMessage(error instanceof HttpError ? error.status : undefined), {
        tone: 'error',
      });
    }
    navigate(backTo, { replace: true });
  }, [failed, notMember, error, backTo, navigate]);

  if (notMember) return <NotMemberLanding roomKey={roomId} backTo={backTo} />;
  if (failed || !room.data) return <RoomLoading />;
  return (
    <DetailView room={room.data} backTo={backTo} initialTab={state.initialTab} parts={parts} />
  );
}
