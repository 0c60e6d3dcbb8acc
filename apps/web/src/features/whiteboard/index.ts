/**
 * The room whiteboard (docs/decisions/0031-room-whiteboard.md): a room tool with a section for
 * the room page and a panel for the call's Room tools. Both load the board (Excalidraw) only when
 * opened.
 */
export { WhiteboardSection } from './components/whiteboard-section';
export { whiteboardTool } from './tool';
