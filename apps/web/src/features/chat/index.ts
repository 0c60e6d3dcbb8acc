/** Room chat: the panel and the live, loss-free chat hook, used by the call and the room page. */
export { ChatPanel, type ChatPanelProps } from './components/chat-panel';
export { useRoomChat, type RoomChatOptions } from './hooks/use-room-chat';
export type { ChatItem } from './lib/chat-items';
