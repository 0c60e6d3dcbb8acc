/** Room chat: the panel and the live, loss-free chat hook, which app/room/ gives the call and the room page. */
export { ChatPanel, type ChatPanelProps } from './components/chat-panel';
export { useRoomChat, type RoomChatOptions } from './hooks/use-room-chat';
export { chatTool, type ChatTool } from './tool';
export type { ChatItem } from './lib/chat-items';
