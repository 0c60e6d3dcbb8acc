/** Study rooms: the list, the room view, and the cached room lists other features may read. */
export { StudyRoomsPage } from './pages/study-rooms-page';
export { RoomDetailPage } from './pages/room-detail-page';
export { RoomsIndexRedirect, RoomRedirect } from './pages/redirects';
export { readUserRooms, readPublicRooms, readCachedRooms, roomIdOf } from './storage/rooms-storage';
export { useRooms } from './api/get-rooms';
export { roomsDialogState, type RoomsDialog } from './lib/open-dialog-state';
export {
  ShareWithRoomButton,
  ShareWithRoomDialog,
  type ShareTarget,
} from './components/share-with-room-dialog';
