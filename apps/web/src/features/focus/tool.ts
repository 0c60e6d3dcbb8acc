import { createElement, lazy, type ComponentType } from 'react';
import { Timer } from 'lucide-react';
import type { CallToolPanelProps, RoomTool } from '../../lib/room-tool';
import { FocusSection, loadFocusCallPanel } from './lazy';

/** Focus together as a room tool: the room page's section and the call's panel, both lazy. */
export const focusTool: RoomTool = {
  id: 'focus',
  label: 'Focus together',
  Section: ({ roomId }) => createElement(FocusSection, { roomId }),
  callPanel: {
    label: 'Focus together',
    icon: Timer,
    Panel: lazy((): Promise<{ default: ComponentType<CallToolPanelProps> }> =>
      loadFocusCallPanel(),
    ),
  },
};
