import type { ComponentType, LazyExoticComponent } from 'react';
import type { LucideIcon } from 'lucide-react';

/**
 * The shape of a room tool (docs/decisions/0081-one-room-on-the-web.md): each room tool feature
 * exports one light descriptor from its `tool.ts`, and app/room/ composes the room page and the
 * call screen from the list of them, so no feature imports another. A descriptor holds only lazy
 * references (or a small frame that loads the tool itself on opening), so the list adds almost
 * nothing to the room page's or the call's JavaScript.
 */

/** The signed-in member a tool works for. */
export interface RoomToolUser {
  id: string;
  name: string;
}

/** What the room page gives a tool's section. */
export interface RoomSectionProps {
  roomId: string;
  roomName: string;
  /** The signed-in member (null before the session has loaded). */
  user: RoomToolUser | null;
}

/** What the call screen gives a tool's panel in its side column. */
export interface CallToolPanelProps {
  roomId: string;
  user: RoomToolUser;
  /** Close the panel (focus goes back to the Room tools button). */
  onClose(): void;
}

/** A tool's panel beside the call's video. */
export interface CallToolPanel {
  /** The call's Room tools menu item and the panel's accessible name. */
  label: string;
  icon: LucideIcon;
  Panel: LazyExoticComponent<ComponentType<CallToolPanelProps>>;
  /** Wider panel (the whiteboard wants room to draw). */
  wide?: boolean;
}

/** One room tool: its section on the room page and its panel in the call, either optional. */
export interface RoomTool {
  id: string;
  label: string;
  /** The room page's section for members; it loads its own content lazily. */
  Section?: ComponentType<RoomSectionProps>;
  callPanel?: CallToolPanel;
}
