import { forgetRoomLists } from '../features/rooms/storage/rooms-storage';

/**
 * The one list of what belongs to the signed-in account outside the auth feature's own session
 * keys, cleared when a session ends (Sign Out, or a token the server refuses). The auth feature
 * clears its session keys and the query cache itself and calls this for the rest, since a feature
 * cannot import another (app/ composes them). A feature that stores account-bound data adds its
 * clear function here; device-local data (tasks, notes, resources, stats, call devices) is kept
 * on purpose. Why each key is or is not here: docs/decisions/0010-account-data-in-the-browser.md.
 *
 * Loaded on demand (app.tsx), so the public pages' entry does not carry the features it names.
 */
export function clearAccountData(): void {
  // userRooms and publicRooms: the rooms list, private rooms' join codes among them.
  forgetRoomLists();
}
