import { createElement } from 'react';
import { NotebookText } from 'lucide-react';
import type { RoomTool } from '../../lib/room-tool';
import { RoomNotesCallPanel, RoomNotesSection } from './lazy';

/** Room notes as a room tool: the room page's section (once the member is known) and the call's panel. */
export const roomNotesTool: RoomTool = {
  id: 'notes',
  label: 'Room notes',
  Section: ({ roomId, user }) => (user ? createElement(RoomNotesSection, { roomId, user }) : null),
  callPanel: { label: 'Room notes', icon: NotebookText, Panel: RoomNotesCallPanel },
};
