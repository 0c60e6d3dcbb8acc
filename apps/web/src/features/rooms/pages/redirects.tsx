import { Navigate, useParams } from 'react-router';

/** /rooms leads to the rooms list (docs/product.md §2.1). */
export function RoomsIndexRedirect() {
  return <Navigate to="/dashboard/rooms" replace />;
}

/** /rooms/:roomId (where an accepted invitation lands) leads to the room view. */
export function RoomRedirect() {
  const { roomId = '' } = useParams();
  return (
    <Navigate
      to={roomId ? `/rooms/room/${encodeURIComponent(roomId)}` : '/dashboard/rooms'}
      replace
    />
  );
}
