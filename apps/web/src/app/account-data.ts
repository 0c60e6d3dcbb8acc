import { countChatOutbox, forgetChatOutboxes } from '../features/chat/storage/chat-outbox-storage';
import { forgetRoomLists } from '../features/rooms/storage/rooms-storage';
import { forgetStudentTimeZone } from '../lib/student-day';
import { clearStudyData, flushStudyData } from './sync/study-sync';

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
  // chatOutbox:<userId>: chat messages the server never acknowledged (decision 0027).
  forgetChatOutboxes();
  // studentTimeZone: the zone saved in Settings, which decides this account's day (decision 0062).
  forgetStudentTimeZone();
  // The account's tasks, notes and resources (the study keys and the sync engine's IndexedDB),
  // then the device's own guest data back in their place (docs/decisions/0023).
  await clearStudyData();
}

/**
 * One kind of work of this account that exists only in this browser and that Sign Out would
 * throw away: a short phrase for the sign-out question ('2 unsent chat messages'), or null when
 * there is none. May answer asynchronously (IndexedDB).
 */
export type UnsavedWorkProvider = (userId: string) => string | null | Promise<string | null>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How long Sign Out waits for queued study changes to reach the server before it asks. */
const STUDY_SEND_WAIT_MS = 5_000;

/**
 * Every feature's unsaved work, in the order the question lists it. A feature whose data would be
 * lost at Sign Out adds its provider here, so Sign Out asks one question naming all of it
 * (docs/decisions/0023, 0027). A provider may first try to send its work, within a few seconds.
 */
export const UNSAVED_WORK: readonly UnsavedWorkProvider[] = [
  // Tasks, notes and resources: queued changes are sent first; only what could not be is named.
  async () => {
    const unsent = await flushStudyData(STUDY_SEND_WAIT_MS);
    return unsent > 0
      ? plural(
          unsent,
          'change to your tasks, notes or resources',
          'changes to your tasks, notes or resources',
        )
      : null;
  },
  (userId) => {
    const count = countChatOutbox(userId);
    return count > 0 ? plural(count, 'unsent chat message', 'unsent chat messages') : null;
  },
];

/**
 * What Sign Out would lose for this account, one phrase per kind; empty when nothing. A provider
 * that fails is left out rather than blocking the sign-out (signing out must always work,
 * docs/product.md §3.8).
 */
export async function unsavedAccountData(
  userId: string | null,
  providers: readonly UnsavedWorkProvider[] = UNSAVED_WORK,
): Promise<string[]> {
  if (userId === null) return [];
  const answers = await Promise.all(
    providers.map((provider) =>
      Promise.resolve()
        .then(() => provider(userId))
        .catch(() => null),
    ),
  );
  return answers.filter((answer): answer is string => answer !== null && answer !== '');
}
