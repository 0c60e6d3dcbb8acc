import type { ReactNode } from 'react';
import {
  Hand,
  MessageSquare,
  MessageSquareText,
  Mic,
  MicOff,
  MonitorUp,
  MonitorX,
  PhoneOff,
  Video,
  VideoOff,
} from 'lucide-react';
import { shortcutLabel, type CallShortcutMode } from '../../../lib/call-shortcuts';
import { cn } from '../../../ui/cn';
import { chatButtonLabel } from '../lib/chat-preview';

/**
 * Eight round buttons in one row down to a 320 px phone (Leave must never wrap onto a row of its
 * own): 36 px under 400 px, 40 px on larger phones, 48 px from 640 px. With the gaps below, the
 * row takes 302 px at 320 (304 free), 316 px at 360 and 376 px at 400.
 */
export const CONTROL_SIZE = 'size-9 min-[400px]:size-10 sm:size-12';

function ControlButton({
  label,
  pressed,
  onClick,
  disabled,
  danger,
  active,
  open,
  badge,
  shortcut,
  mode,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick(): void;
  disabled?: boolean;
  danger?: boolean;
  /** Highlighted state (muted, camera off, hand up), shown by colour and by the icon. */
  active?: boolean;
  /** A panel it opens is open: a white ring around it (a shape, not only a colour). */
  open?: boolean;
  /** A small count on its corner (shown only; the label says it too). */
  badge?: number;
  /** The letter; how it is pressed (or that it is off) comes from `mode`. */
  shortcut: string;
  mode: CallShortcutMode;
  children: ReactNode;
}) {
  const keys = shortcutLabel(shortcut, mode);
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-keyshortcuts={keys}
      title={keys ? `${label} (${keys})` : label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        CONTROL_SIZE,
        'relative flex shrink-0 items-center justify-center rounded-full text-white transition-colors',
        open && 'ring-2 ring-white ring-offset-2 ring-offset-slate-950',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        'disabled:cursor-not-allowed disabled:opacity-40',
        danger
          ? 'bg-red-600 hover:bg-red-700'
          : active
            ? 'bg-amber-500 text-slate-950 hover:bg-amber-400'
            : 'bg-slate-700 hover:bg-slate-600',
      )}
    >
      {children}
      {badge !== undefined && badge > 0 && (
        <span
          aria-hidden="true"
          data-testid="control-badge"
          className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-slate-950 bg-red-600 px-1 text-[11px] leading-none font-bold text-white tabular-nums"
        >
          {badge > 99 ? '99+' : badge}
        </span>
      )}
    </button>
  );
}

export interface CallControlsProps {
  muted: boolean;
  videoOff: boolean;
  hand: boolean;
  sharing: boolean;
  chatOpen: boolean;
  /** Chat messages from others since the chat was last open. */
  chatUnread?: number;
  canMic: boolean;
  canCamera: boolean;
  canShare: boolean;
  inCall: boolean;
  onMic(): void;
  onCamera(): void;
  onShare(): void;
  onChat(): void;
  onHand(): void;
  onLeave(): void;
  /** How the shortcuts are pressed on this device (Settings), for the buttons' hints. */
  shortcuts?: CallShortcutMode;
  devices?: ReactNode;
  /** The Room tools menu (call-tools.tsx), after the chat. */
  tools?: ReactNode;
}

/**
 * The control bar of docs/product.md §7.7: mic, camera, share, chat, room tools, raise hand,
 * devices, leave.
 */
export function CallControls(p: CallControlsProps) {
  const icon = 'h-5 w-5';
  const mode = p.shortcuts ?? 'single';
  return (
    <div
      role="toolbar"
      aria-label="Call controls"
      className="flex flex-nowrap items-center justify-center gap-0.5 min-[360px]:gap-1 min-[400px]:gap-2 sm:gap-3"
    >
      <ControlButton
        label="Microphone"
        pressed={!p.muted && p.canMic}
        active={p.muted || !p.canMic}
        disabled={!p.canMic}
        onClick={p.onMic}
        shortcut="M"
        mode={mode}
      >
        {p.muted || !p.canMic ? (
          <MicOff aria-hidden="true" className={icon} />
        ) : (
          <Mic aria-hidden="true" className={icon} />
        )}
      </ControlButton>
      <ControlButton
        label="Camera"
        pressed={!p.videoOff && p.canCamera}
        active={p.videoOff || !p.canCamera}
        disabled={!p.canCamera}
        onClick={p.onCamera}
        shortcut="C"
        mode={mode}
      >
        {p.videoOff || !p.canCamera ? (
          <VideoOff aria-hidden="true" className={icon} />
        ) : (
          <Video aria-hidden="true" className={icon} />
        )}
      </ControlButton>
      <ControlButton
        label="Share screen"
        pressed={p.sharing}
        active={p.sharing}
        disabled={!p.canShare || !p.inCall}
        onClick={p.onShare}
        shortcut="S"
        mode={mode}
      >
        {p.sharing ? (
          <MonitorX aria-hidden="true" className={icon} />
        ) : (
          <MonitorUp aria-hidden="true" className={icon} />
        )}
      </ControlButton>
      <ControlButton
        label={chatButtonLabel(p.chatUnread ?? 0)}
        pressed={p.chatOpen}
        open={p.chatOpen}
        badge={p.chatUnread}
        onClick={p.onChat}
        shortcut="D"
        mode={mode}
      >
        {p.chatOpen ? (
          <MessageSquareText aria-hidden="true" className={icon} />
        ) : (
          <MessageSquare aria-hidden="true" className={icon} />
        )}
      </ControlButton>
      {p.tools}
      <ControlButton
        label="Raise hand"
        pressed={p.hand}
        active={p.hand}
        disabled={!p.inCall}
        onClick={p.onHand}
        shortcut="H"
        mode={mode}
      >
        <Hand aria-hidden="true" className={icon} />
      </ControlButton>
      {p.devices}
      <ControlButton label="Leave call" danger onClick={p.onLeave} shortcut="L" mode={mode}>
        <PhoneOff aria-hidden="true" className={icon} />
      </ControlButton>
    </div>
  );
}
