import { createElement } from 'react';
import { Clapperboard } from 'lucide-react';
import type { RoomTool } from '../../lib/room-tool';
import { WatchTogetherSection, WatchTogetherToolPanel } from './lazy';

/** Watch together as a room tool: the room page's section and the call's panel, both lazy. */
export const watchTool: RoomTool = {
  id: 'watch',
  label: 'Watch together',
  Section: ({ roomId, user }) =>
    createElement(WatchTogetherSection, { roomId, userId: user?.id || null }),
  callPanel: { label: 'Watch together', icon: Clapperboard, Panel: WatchTogetherToolPanel },
};
