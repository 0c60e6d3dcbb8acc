import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CameraOff, Loader2, RefreshCw, Users, WifiOff } from 'lucide-react';
import type { Room } from '@studycircle/shared';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { toast, useToastSlot } from '../../../ui/toast';
import type { ChatTool } from '../../chat';
import {
  CHAT_OPEN_MIN_WIDTH,
  LOCAL_SCREEN_ID,
  LOCAL_TILE_ID,
  screenTileId,
  stageTiles,
  TILE_GAP,
  fit16by9,
  focusedTile,
  formatElapsed,
  gridColumns,
  gridTracks,
  isSpeaking,
  lastRowShift,
  participantCountLabel,
} from '../lib/call-rules';
import type { RemoteParticipant } from '../lib/participants';
import { roomIdOf } from '../api/resolve-call-room';
import { useMemberAvatar } from '../../../lib/member-avatar';
import { useCall, type CallStart } from '../hooks/use-call';
import { useCallShortcuts } from '../hooks/use-call-shortcuts';
import { useChatAttention } from '../hooks/use-chat-attention';
import { useSpeaking } from '../hooks/use-speaking';
import { useMediaQuery, useStageSize } from '../hooks/use-stage-size';
import { isScreenShareSupported } from '../webrtc/media';
import { CallControls } from './call-controls';
import { DeviceMenu } from './device-menu';
import { CallInvite, type EmailInviteComponent } from './call-invite';
import { HandQueueList } from './hand-queue-list';
import { LeaveCallDialog, useLeaveQuestion } from './leave-call-dialog';
import { CallToolPanel, CallToolsMenu, findCallTool, type CallTool } from './call-tools';
import { VideoTile, type VideoTileProps } from './video-tile';

/** The strip beside a large view: 12 rem wide on a wide screen, 6 rem high below it on a phone. */
const STRIP_WIDTH = 192;
const STRIP_HEIGHT = 96;

/** A remote tile: its speaking outline comes from its own audio, its picture from the room. */
function RemoteTile({
  roomId,
  participant: p,
  ...rest
}: { roomId: string; participant: RemoteParticipant } & Pick<
  VideoTileProps,
  'className' | 'style' | 'compact' | 'pinned' | 'onPin'
>) {
  const speaking = useSpeaking(p.stream, !p.muted);
  const avatar = useMemberAvatar(roomId, p.userId);
  return (
    <VideoTile
      {...rest}
      name={p.name}
      stream={p.stream}
      muted={p.muted}
      videoOff={p.videoOff}
      hand={p.hand}
      speaking={speaking}
      avatar={avatar}
      status={
        p.connection === 'connecting'
          ? 'Connecting…'
          : p.connection === 'reconnecting'
            ? 'Reconnecting…'
            : undefined
      }
    />
  );
}

function useElapsed(since: number | undefined): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === undefined) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return formatElapsed(since === undefined ? 0 : now - since);
}

export interface CallScreenProps {
  room: Room;
  /** The id or code the URL used, for the 'Room :id' fallback title. */
  routeId: string;
  user: { id: string | null; name: string; avatar?: string };
  initialChatOpen: boolean;
  /** Mic or camera off from the start, and the media the pre-join step opened. */
  start?: CallStart;
  /** The room tools' panels, in the Room tools menu's order (app/room/ composes them). */
  tools: readonly CallTool[];
  /** The room chat (app/room/ passes the chat feature's tool in). */
  Chat: ChatTool;
  /** Invite by e-mail, shown in the call's Invite (app/room/ passes the rooms feature's in). */
  EmailInvite?: EmailInviteComponent;
}

/**
 * The video call screen of docs/product.md §7.3-§7.8: header, video grid with a floating local
 * preview, messages, the in-call chat panel, the control bar, keyboard shortcuts and toasts.
 *
 * The stage is dark in both themes (`palette-fixed` keeps the light palette it is drawn with,
 * docs/decisions/0014). The grid keeps §7.4's columns but sizes its tiles from the stage's real
 * width and height at 16:9, centred (a lone remote tile spans both columns; on a phone it fills the
 * stage); a shared screen or a pinned tile takes a large view with everyone else in a strip beside
 * it (below it on a phone). Toasts show in a place of their own just above the control bar, so they
 * cover no control, tile or panel; the stage gives way while they show. On a phone the header
 * keeps the room's name on a line of its own (two if it must), with the count, the markers and the
 * clock below it, so a 'Disconnected' marker pushes nothing out.
 */
export function CallScreen({
  room,
  routeId,
  user,
  initialChatOpen,
  start,
  tools,
  Chat,
  EmailInvite,
}: CallScreenProps) {
  const navigate = useNavigate();
  const roomId = roomIdOf(room);
  const call = useCall({ roomId, userId: user.id, name: user.name, start });
  // Every corner of the call holds a control: toasts get a place above the control bar (docs/decisions/0072).
  const toastSlot = useToastSlot();
  const [chatOpen, setChatOpenState] = useState(
    () => initialChatOpen || window.innerWidth >= CHAT_OPEN_MIN_WIDTH,
  );
  // While the chat is closed (a phone starts so), others' messages show a preview and a count.
  const chatAttention = useChatAttention(chatOpen);
  const chat = Chat.useRoomChat({
    roomId,
    userId: user.id,
    name: user.name,
    onIncoming: chatAttention.onIncoming,
  });
  // One side panel at a time: the chat or a room tool (call-tools.tsx).
  const [toolId, setToolId] = useState<string | null>(null);
  const tool = findCallTool(tools, toolId);
  const toolsButton = useRef<HTMLButtonElement>(null);
  const closeTool = () => {
    setToolId(null);
    toolsButton.current?.focus();
  };
  const setChatOpen = (open: boolean | ((was: boolean) => boolean)) => {
    setChatOpenState((was) => {
      const next = typeof open === 'function' ? open(was) : open;
      if (next) setToolId(null);
      return next;
    });
  };
  const openTool = (id: string) => {
    setChatOpenState(false);
    setToolId(id);
  };
  const elapsed = useElapsed(call.join.at);
  const { media, join, participants } = call;
  const remotes = useMemo(() => [...participants.values()], [participants]);
  const inCall = join.status === 'joined';
  // Someone turned away from a full call still sees how many are in it (the room's presence).
  const count = inCall ? 1 + remotes.length : (chat.presence?.count ?? remotes.length);
  const columns = gridColumns(count);
  const floating = count > 1;
  const speaking = isSpeaking(call.level) && !media.muted;
  // Phones get one column (and the strip below the large view), as they always did.
  const wide = useMediaQuery('(min-width: 640px)');
  const side = useMediaQuery('(min-width: 768px)');
  const [setArea, area] = useStageSize();
  const [pinned, setPinned] = useState<string | null>(null);
  const togglePin = (id: string) => setPinned((current) => (current === id ? null : id));
  const stage = { pinned, remotes, localSharing: media.sharing };
  const focus = focusedTile(stage);

  const leave = () => {
    call.leave();
    toast('Left study session.');
    navigate('/dashboard/rooms');
  };

  // L asks first; the Leave button is a deliberate press and leaves at once. While the question
  // is open the shortcuts rest, so a second stray letter cannot answer it.
  const leaveQuestion = useLeaveQuestion();
  const shortcuts = useCallShortcuts(
    {
      mic: call.toggleMic,
      camera: call.toggleCamera,
      chat: () => setChatOpen((o) => !o),
      hand: () => inCall && call.toggleHand(),
      leave: leaveQuestion.ask,
      share: () => inCall && void call.toggleShare(),
    },
    !leaveQuestion.asking,
  );

  type Place = Pick<VideoTileProps, 'className' | 'style' | 'compact'>;
  const localTile = (place: Place) => (
    <VideoTile
      key={LOCAL_TILE_ID}
      local
      name={user.name}
      stream={call.localStream}
      version={call.mediaVersion}
      muted={media.muted || !media.hasAudio}
      videoOff={media.videoOff || !media.hasVideo}
      hand={call.hand}
      speaking={speaking}
      avatar={user.avatar || undefined}
      pinned={pinned === LOCAL_TILE_ID}
      // Alone in the call there is nothing to pin yourself above.
      onPin={floating ? () => togglePin(LOCAL_TILE_ID) : undefined}
      {...place}
    />
  );
  const remoteTile = (p: RemoteParticipant, place: Place) => (
    <RemoteTile
      key={p.key}
      roomId={roomId}
      participant={p}
      pinned={pinned === p.peerId}
      onPin={() => togglePin(p.peerId)}
      {...place}
    />
  );
  // A shared screen is a tile of its own: the presenter's camera stays beside it.
  const screenTile = (id: string, name: string, stream: MediaStream | null, place: Place) => (
    <VideoTile
      key={id}
      screen
      local={id === LOCAL_SCREEN_ID}
      name={name}
      stream={stream}
      version={id === LOCAL_SCREEN_ID ? call.mediaVersion : undefined}
      muted={false}
      videoOff={false}
      hand={false}
      sharing
      pinned={pinned === id}
      onPin={() => togglePin(id)}
      {...place}
    />
  );
  const tileOf = (id: string, place: Place) => {
    if (id === LOCAL_TILE_ID) return localTile(place);
    if (id === LOCAL_SCREEN_ID) return screenTile(id, user.name, call.localScreen, place);
    const screenOf = remotes.find((p) => screenTileId(p.peerId) === id);
    if (screenOf) return screenTile(id, screenOf.name, screenOf.screen, place);
    const p = participants.get(id);
    return p ? remoteTile(p, place) : null;
  };

  let stageView: ReactNode;
  if (focus) {
    // The large view and a strip of everyone else: beside it from 768 px, below it on a phone.
    const others = stageTiles(stage).filter((id) => id !== focus);
    const strip = others.length > 0;
    const mainWidth = fit16by9(
      area.width - (strip && side ? STRIP_WIDTH + TILE_GAP : 0),
      area.height - (strip && !side ? STRIP_HEIGHT + TILE_GAP : 0),
    );
    stageView = (
      <div
        data-testid="stage-focus"
        className="flex h-full flex-col justify-center gap-3 md:flex-row md:justify-start"
      >
        {/* On a phone the large view and the strip sit together in the middle of the stage. */}
        <div
          data-testid="focus-view"
          className="flex min-h-0 min-w-0 items-center justify-center md:flex-1"
        >
          {tileOf(focus, {
            className: 'relative aspect-video max-h-full max-w-full',
            style: mainWidth > 0 ? { width: mainWidth } : { width: '100%' },
          })}
        </div>
        {strip && (
          <div
            data-testid="video-strip"
            className="flex h-24 shrink-0 gap-3 overflow-x-auto overflow-y-hidden md:h-auto md:w-48 md:flex-col md:justify-center md:overflow-x-hidden md:overflow-y-auto"
          >
            {others.map((id) =>
              tileOf(id, {
                compact: true,
                className: 'relative aspect-video h-full shrink-0 md:h-auto md:w-full',
              }),
            )}
          </div>
        )}
      </div>
    );
  } else {
    const gridTiles = floating ? remotes.map((p) => p.peerId) : [LOCAL_TILE_ID];
    const laidColumns = wide ? columns : 1;
    // A phone in a call of two gives the other person the whole stage, as a phone call app does:
    // a 16:9 tile across a portrait screen used a quarter of it (docs/decisions/0072).
    const fill = !wide && floating && gridTiles.length === 1;
    const { trackWidth, span } = gridTracks({
      width: area.width,
      height: area.height,
      columns: laidColumns,
      tiles: gridTiles.length,
    });
    stageView = (
      <div
        data-testid="video-grid"
        data-columns={columns}
        className={cn('grid h-full gap-3', !fill && 'content-center justify-center')}
        style={
          fill
            ? { gridTemplate: 'minmax(0, 1fr) / minmax(0, 1fr)' }
            : {
                // Before the stage is measured (and in unit tests) the columns share the width.
                gridTemplateColumns:
                  trackWidth > 0
                    ? `repeat(${laidColumns}, ${trackWidth}px)`
                    : `repeat(${laidColumns}, minmax(0, 1fr))`,
              }
        }
      >
        {gridTiles.map((id, index) => {
          // A spanning tile fills its row already; the others of an incomplete row move inwards.
          const shift =
            span > 1 ? 0 : lastRowShift(index, gridTiles.length, laidColumns, trackWidth);
          return tileOf(id, {
            className: fill ? 'relative h-full w-full' : 'relative aspect-video w-full',
            style:
              span > 1
                ? { gridColumn: `span ${span}` }
                : shift
                  ? { transform: `translateX(${shift}px)` }
                  : undefined,
          });
        })}
      </div>
    );
  }

  // Until the call is joined (media is handed over whenever it is ready).
  const settingUp = join.status === 'pending';
  const mediaRefused = media.status === 'ready' && !media.hasAudio && !media.hasVideo;

  let message: React.ReactNode = null;
  if (media.status === 'unsupported') {
    message = (
      <div className="space-y-2">
        <CameraOff aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
        <h2 className="text-lg font-semibold">Media Not Supported</h2>
        <p className="text-sm text-slate-300">
          Your browser doesn't support camera/mic access. Try Chrome/Edge.
        </p>
      </div>
    );
  } else if (join.status === 'full' || join.status === 'refused') {
    message = (
      <div className="space-y-3">
        <Users aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
        <h2 className="text-lg font-semibold">
          {join.status === 'full' ? 'This call is full' : 'You cannot join this call'}
        </h2>
        <p className="max-w-sm text-sm text-slate-300">
          {join.status === 'full'
            ? 'Up to 8 people can be in a call at once. You can still use the room chat.'
            : join.message}
        </p>
        {!chatOpen && (
          <Button variant="secondary" onClick={() => setChatOpen(true)}>
            Open Chat
          </Button>
        )}
      </div>
    );
  } else if (settingUp) {
    message = (
      <div role="status" className="space-y-2">
        <Loader2 aria-hidden="true" className="mx-auto h-8 w-8 motion-safe:animate-spin" />
        <p className="text-lg font-semibold">Setting up video call...</p>
        <p className="text-sm text-slate-300">
          {call.link === 'connected' ? 'Connected' : 'Connecting...'}
        </p>
      </div>
    );
  }

  return (
    // The DOM runs header, stage, controls, chat so that Tab does too (video, then the control
    // bar, then the chat); the grid still draws the chat beside the stage, above the controls.
    <div className="palette-fixed fixed inset-0 grid grid-cols-[minmax(0,1fr)] grid-rows-[auto_minmax(0,1fr)_auto] bg-slate-950 text-white [color-scheme:dark] md:grid-cols-[minmax(0,1fr)_auto]">
      <header className="col-span-full row-start-1 flex min-h-12 shrink-0 flex-wrap items-center gap-x-3 gap-y-0.5 border-b border-slate-800 px-3 py-1.5 sm:h-12 sm:flex-nowrap sm:gap-x-4 sm:px-4 sm:py-0">
        {/* A phone gives the name the whole first line (two if it must), not what the rest leaves. */}
        <h1 className="line-clamp-2 w-full text-base leading-snug font-semibold [overflow-wrap:anywhere] sm:line-clamp-1 sm:w-auto sm:min-w-0 sm:flex-1 sm:text-lg">
          {room.name || `Room ${routeId}`}
        </h1>
        <p
          className="flex shrink-0 items-center gap-1 text-sm text-slate-300"
          data-testid="participant-count"
        >
          <Users aria-hidden="true" className="h-4 w-4" />
          {participantCountLabel(count)}
        </p>
        {call.link === 'disconnected' && (
          <p className="flex items-center gap-1 rounded-full bg-red-600/90 px-2 py-0.5 text-xs font-semibold">
            <WifiOff aria-hidden="true" className="h-3.5 w-3.5" />
            Disconnected
          </p>
        )}
        {media.failed && media.status === 'ready' && inCall && (
          <Button size="sm" variant="secondary" onClick={() => void call.retryMedia()}>
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            Retry Media
          </Button>
        )}
        <CallInvite room={room} look="header" EmailInvite={EmailInvite} />
        <p className="ml-auto shrink-0 font-mono text-sm text-slate-300 tabular-nums sm:ml-0">
          <span className="sr-only">Elapsed time </span>
          <time>{elapsed}</time>
        </p>
      </header>

      <section
        aria-label="Participants"
        className="relative col-start-1 row-start-2 flex min-h-0 min-w-0 flex-col overflow-hidden p-3"
      >
        {message ? (
          <div className="flex flex-1 flex-col items-center justify-center text-center">
            {message}
          </div>
        ) : (
          <>
            {mediaRefused && (
              <div
                role="alert"
                className="mx-auto mb-3 flex max-w-xl flex-col items-center gap-2 rounded-xl border border-amber-500/40 bg-amber-900/30 p-3 text-center sm:flex-row sm:text-left"
              >
                <div className="flex-1">
                  <h2 className="font-semibold">Allow camera & microphone</h2>
                  <p className="text-sm text-amber-100">
                    Could not access camera/microphone. Allow permissions and press Retry.
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button size="sm" onClick={() => void call.retryMedia()}>
                    Retry
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setChatOpen(true)}>
                    Open Chat
                  </Button>
                </div>
              </div>
            )}
            {remotes.length === 0 && (
              <div className="mb-3 flex flex-col items-center gap-2">
                <p role="status" className="text-center text-sm text-slate-300">
                  Waiting for others...
                </p>
                <CallInvite room={room} look="empty" EmailInvite={EmailInvite} />
              </div>
            )}
            <div ref={setArea} className="relative min-h-0 flex-1">
              {stageView}
            </div>
            {/* Bottom-left, clear of the floating preview on the right (w-28 / sm:w-56). */}
            <HandQueueList
              hands={call.hands.queue}
              self={call.hands.self}
              className="absolute bottom-3 left-3 z-10 w-36 max-w-[calc(100%-9.5rem)] sm:w-44 sm:max-w-[calc(100%-17.5rem)]"
            />
            {floating &&
              !focus &&
              localTile({
                compact: true,
                className: 'absolute right-3 bottom-3 z-10 aspect-video w-28 sm:w-56',
              })}
          </>
        )}
      </section>

      <footer className="col-span-full row-start-3 border-t border-slate-800 px-2 py-3 sm:px-3">
        <div ref={toastSlot} />
        <CallControls
          muted={media.muted}
          videoOff={media.videoOff}
          hand={call.hand}
          sharing={media.sharing}
          chatOpen={chatOpen}
          chatUnread={chatAttention.unread}
          canMic={media.hasAudio}
          canCamera={media.hasVideo}
          canShare={isScreenShareSupported()}
          inCall={inCall}
          onMic={call.toggleMic}
          onCamera={call.toggleCamera}
          onShare={() => void call.toggleShare()}
          onChat={() => setChatOpen((o) => !o)}
          onHand={call.toggleHand}
          onLeave={leave}
          shortcuts={shortcuts}
          tools={
            <CallToolsMenu
              tools={tools}
              open={toolId}
              onChoose={openTool}
              triggerRef={toolsButton}
            />
          }
          devices={
            media.status === 'ready' && inCall ? (
              <DeviceMenu
                current={call.currentDevices}
                onChoose={(k, id) => void call.chooseDevice(k, id)}
              />
            ) : undefined
          }
        />
      </footer>
      <LeaveCallDialog question={leaveQuestion} onLeave={leave} />
      {tool && user.id && (
        <CallToolPanel
          tool={tool}
          roomId={roomId}
          user={{ id: user.id, name: user.name }}
          onClose={closeTool}
        />
      )}
      {chatOpen && (
        <Chat.ChatPanel
          title="In-call messages"
          tone="dark"
          // On a phone the chat covers the stage's row (a grid area is an absolute child's box).
          className="absolute inset-0 z-20 [grid-area:2/1/3/2] border-l border-slate-800 md:static md:[grid-area:2/2/3/3] md:w-80 lg:w-96"
          items={chat.items}
          loading={chat.loading}
          onSend={chat.send}
          onLoadOlder={chat.hasOlder ? () => void chat.loadOlder() : undefined}
          loadingOlder={chat.loadingOlder}
          headerAction={
            <button
              type="button"
              onClick={() => setChatOpen(false)}
              className="rounded px-2 py-1 text-xs text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              Close chat
            </button>
          }
        />
      )}
    </div>
  );
}
