import type { CallTool } from '../../features/call';
import { focusTool } from '../../features/focus';
import { roomNotesTool } from '../../features/room-notes';
import { watchTool } from '../../features/watch';
import { whiteboardTool } from '../../features/whiteboard';
import type { RoomTool } from '../../lib/room-tool';

/**
 * The room's tools, one line each (docs/decisions/0081-one-room-on-the-web.md). Each feature
 * exports a light descriptor from its `tool.ts`; the room page shows their sections in this order
 * (after the room's own workspace), and the call's Room tools menu lists their panels in
 * `CALL_ORDER`. Add a tool by adding its descriptor here: neither the rooms feature nor the call
 * learns its name.
 */
export const ROOM_TOOLS: readonly RoomTool[] = [
  roomNotesTool,
  watchTool,
  whiteboardTool,
  focusTool,
];

/** The call's menu order, which predates the list above and stays as users know it. */
const CALL_ORDER = ['watch', 'notes', 'whiteboard', 'focus'];

const rank = (tool: RoomTool) => {
  const i = CALL_ORDER.indexOf(tool.id);
  return i < 0 ? CALL_ORDER.length : i;
};

/** The tools with a call panel, as the call screen takes them. */
export const CALL_TOOLS: readonly CallTool[] = [...ROOM_TOOLS]
  .sort((a, b) => rank(a) - rank(b))
  .flatMap((tool) => (tool.callPanel ? [{ id: tool.id, ...tool.callPanel }] : []));
