/** Notes: the Notes page and the note lists other features (the dashboard) read. */
export {
  NOTES_KEY,
  NOTES_UPDATED_EVENT,
  readAllNotes,
  readNotesUpdatedAt,
  subscribeNotes,
} from './notes-store';
export type { NoteEntry } from './notes-store';
