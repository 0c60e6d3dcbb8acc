import { createElement, lazy } from 'react';
import { PencilRuler } from 'lucide-react';
import type { RoomTool } from '../../lib/room-tool';
import { WhiteboardSection } from './components/whiteboard-section';

/**
 * The whiteboard as a room tool. The section is a small frame that loads the board (Excalidraw)
 * only when opened; the call's panel loads on opening.
 */
export const whiteboardTool: RoomTool = {
  id: 'whiteboard',
  label: 'Whiteboard',
  Section: ({ roomId, roomName }) => createElement(WhiteboardSection, { roomId, roomName }),
  callPanel: {
    label: 'Whiteboard',
    icon: PencilRuler,
    Panel: lazy(() => import('./components/whiteboard-call-panel')),
    wide: true,
  },
};
