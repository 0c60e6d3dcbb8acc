import { ChatPanel } from './components/chat-panel';
import { useRoomChat } from './hooks/use-room-chat';

/**
 * The room chat as the room page and the call take it from app/room/: the live, loss-free chat
 * hook (its messages, and who is in the call right now) and the panel that shows it. Not lazy:
 * the call opens with its chat beside the video, and the room page's presence line needs the hook.
 */
export const chatTool = { useRoomChat, ChatPanel };

/** What app/room/ passes to the room page and the call screen as their `Chat`. */
export type ChatTool = typeof chatTool;
