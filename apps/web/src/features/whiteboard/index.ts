import { lazy } from 'react';

/**
 * The room whiteboard (docs/decisions/0031-room-whiteboard.md): a section for the room
 * page and a panel for the call's Room tools. Both load the board (Excalidraw) only when opened.
 */
export { WhiteboardSection } from './components/whiteboard-section';

/** The call's whiteboard panel, as the call's `CALL_TOOLS` registry takes it: loaded on opening. */
export const WhiteboardCallPanel = lazy(() => import('./components/whiteboard-call-panel'));
