import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { CameraOff, Loader2, RefreshCw, Users, WifiOff } from 'lucide-react';
import type { Room } from '@studycircle/shared';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { toast } from '../../../ui/toast';
import { ChatPanel, useRoomChat } from '../../chat';
import {
  CHAT_OPEN_MIN_WIDTH,
  formatElapsed,
  gridColumns,
  isSpeaking,
  participantCountLabel,
} from '../lib/call-rules';
import { roomIdOf } from '../api/resolve-call-room';
import { useCall } from '../hooks/use-call';
import { useCallShortcuts } from '../hooks/use-call-shortcuts';
import { isScreenShareSupported } from '../webrtc/media';
import { CallControls } from './call-controls';
import { DeviceMenu } from './device-menu';
import { VideoTile } from './video-tile';

const GRID_CLASSES = {
  1: 'grid-cols-1',
  2: 'sm:grid-cols-2',
  3: 'sm:grid-cols-2 lg:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
} as const;

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
  user: { id: string | null; name: string };
  rtcConfig: RTCConfiguration | undefined;
  initialChatOpen: boolean;
}

/**
 * The video call screen of docs/product.md §7.3-§7.8: header, video grid with a floating local
 * preview, messages, the in-call chat panel, the control bar, keyboard shortcuts and toasts.
 */
export function CallScreen({ room, routeId, user, rtcConfig, initialChatOpen }: CallScreenProps) {
  const navigate = useNavigate();
  const roomId = roomIdOf(room);
  const call = useCall({ roomId, name: user.name, rtcConfig });
  const chat = useRoomChat({ roomId, userId: user.id, name: user.name });
  const [chatOpen, setChatOpen] = useState(
    () => initialChatOpen || window.innerWidth >= CHAT_OPEN_MIN_WIDTH,
  );
  const elapsed = useElapsed(call.join.at);
  const { media, join, participants } = call;
  const remotes = useMemo(() => [...participants.values()], [participants]);
  const inCall = join.status === 'joined';
  // Someone turned away from a full call still sees how many are in it (the room's presence).
  const count = inCall ? 1 + remotes.length : (chat.presence?.count ?? remotes.length);
  const columns = gridColumns(count);
  const floating = count > 1;
  const speaking = isSpeaking(call.level) && !media.muted;

  const leave = () => {
    call.leave();
    toast('Left study session.');
    navigate('/dashboard/rooms');
  };

  useCallShortcuts({
    mic: call.toggleMic,
    camera: call.toggleCamera,
    chat: () => setChatOpen((o) => !o),
    hand: () => inCall && call.toggleHand(),
    leave,
    share: () => inCall && void call.toggleShare(),
  });

  const localTile = (
    <VideoTile
      local
      name={user.name}
      stream={call.localStream}
      version={call.mediaVersion}
      muted={media.muted || !media.hasAudio}
      videoOff={!media.sharing && (media.videoOff || !media.hasVideo)}
      hand={call.hand}
      sharing={media.sharing}
      speaking={speaking}
      compact={floating}
      className={
        floating
          ? 'absolute right-3 bottom-3 z-10 aspect-video w-32 sm:w-56'
          : 'relative aspect-video max-h-full w-full'
      }
    />
  );

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
    <div className="fixed inset-0 flex flex-col bg-slate-950 text-white">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-800 px-4 py-2">
        <h1 className="min-w-0 flex-1 truncate text-base font-semibold sm:text-lg">
          {room.name || `Room ${routeId}`}
        </h1>
        <p
          className="flex items-center gap-1 text-sm text-slate-300"
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
        <p className="font-mono text-sm text-slate-300 tabular-nums">
          <span className="sr-only">Elapsed time </span>
          <time>{elapsed}</time>
        </p>
      </header>

      <div className="relative flex min-h-0 flex-1">
        <section aria-label="Participants" className="relative min-w-0 flex-1 overflow-hidden p-3">
          {message ? (
            <div className="flex h-full flex-col items-center justify-center text-center">
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
                <p role="status" className="mb-3 text-center text-sm text-slate-300">
                  Waiting for others...
                </p>
              )}
              <div
                data-testid="video-grid"
                data-columns={columns}
                className={cn('grid h-full content-center gap-3', GRID_CLASSES[columns])}
              >
                {!floating && localTile}
                {remotes.map((p) => (
                  <VideoTile
                    key={p.peerId}
                    name={p.name}
                    stream={p.stream}
                    muted={p.muted}
                    videoOff={p.videoOff && !p.sharing}
                    hand={p.hand}
                    sharing={p.sharing}
                    status={
                      p.connection === 'connecting'
                        ? 'Connecting…'
                        : p.connection === 'reconnecting'
                          ? 'Reconnecting…'
                          : undefined
                    }
                    className="relative aspect-video w-full"
                  />
                ))}
              </div>
              {floating && localTile}
            </>
          )}
        </section>
        {chatOpen && (
          <ChatPanel
            title="In-call messages"
            tone="dark"
            className="absolute inset-0 z-20 border-l border-slate-800 md:static md:w-80 lg:w-96"
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

      <footer className="border-t border-slate-800 px-3 py-3">
        <CallControls
          muted={media.muted}
          videoOff={media.videoOff}
          hand={call.hand}
          sharing={media.sharing}
          chatOpen={chatOpen}
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
    </div>
  );
}
