import { DeviceCheckDialog } from '../../features/call/components/device-check-dialog';
import { chatTool } from '../../features/chat';
import { RoomDetailPage } from '../../features/rooms/pages/room-detail-page';
import { ROOM_TOOLS } from './room-tools';

/**
 * The room page (/rooms/room/:roomId) composed here, not inside the rooms feature: the room's
 * tools' sections, its chat and the call's device check go in as parts, so the rooms feature
 * imports none of those features (docs/architecture.md, "One room"). Each is imported from its own
 file, as the router imports pages, so the room page's chunk carries no other page.
 */
export function RoomPage() {
  return (
    <RoomDetailPage tools={ROOM_TOOLS} Chat={chatTool} DeviceCheckDialog={DeviceCheckDialog} />
  );
}
