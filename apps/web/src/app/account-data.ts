import { forgetRoomLists } from '../features/rooms/storage/rooms-storage';
import { clearStudyData } from './sync/study-sync';

/**
 * The one list of what belongs to the signed-in account outside the auth feature's own session
 * keys, cleared when a session ends (Sign Out, or a token the server refuses). The auth feature
 * clears its session keys and the query cache itself and calls this for the rest, since a feature
 * cannot import another (app/ composes them). A feature that stores account-bound data adds its
 * clear function here; device-local data (stats, call devices, signed-out tasks and resources) is
 * kept on purpose. Why each key is or is not here: docs/decisions/0010-account-data-in-the-browser.md.
 *
 * Loaded on demand (app.tsx), so the public pages' entry does not carry the features it names.
 */
export async function clearAccountData(): Promise<void> {
  // userRooms and publicRooms: the rooms list, private rooms' join codes among them.
  forgetRoomLists();
  // The account's tasks, notes and resources (the study keys and the sync engine's IndexedDB),
  // then the device's own guest data back in their place (docs/decisions/0023).
  await clearStudyData();
}
