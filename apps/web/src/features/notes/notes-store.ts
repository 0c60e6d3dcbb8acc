import { useSyncExternalStore } from 'react';
import type { FileNoteData, TextNoteData } from '@studycircle/shared';
import {
  isRecord,
  readString,
  removeKey,
  writeJsonAllOrThrow,
  writeString,
} from '../../lib/storage';
import {
  releaseLocalChange,
  reportLocalChanges,
  syncedAccount,
  withdrawLocalChange,
  type LocalChange,
} from '../../lib/sync/local-changes';
import { placeIn, putBack, type ListPlace } from '../../lib/sync/undoable-delete';
import { fileKind, noteTitle } from './note-rules';

/**
 * The only code that touches the note keys (docs/product.md §10.4, §10.5):
 * - userNotesText: text notes {id: note-{ms}, title, text, type: 'notes', author: 'You',
 *   downloads, room: 'Personal', uploadedAt (ISO string)};
 * - userFileNotes: files {id: file-{ms}, fileData (a data URL), fileName, fileType, uploadedAt};
 * - userNotes: the combined list (text notes and file entries of type pdf, image or file) that
 *   the dashboard reads; file entries leave out fileData so the file is stored once;
 * - notesLastUpdated: when any of them last changed (ms).
 * Every change writes the lists as one (all or nothing), stamps notesLastUpdated and fires
 * NOTES_UPDATED_EVENT on window. A refused write (storage full) throws StorageWriteError and
 * leaves every key as it was. Corrupt values read as empty lists.
 *
 * Signed in, the keys are the account's offline copy (docs/product.md §15.4): each change made
 * here is reported to the sync engine (lib/sync/local-changes); the server's changes come back
 * through applyRemoteNotes, which reports nothing. A file note pulled from the server arrives
 * without its bytes (fileData is '') until it is opened (cacheFileData).
 */

export const TEXT_NOTES_KEY = 'userNotesText';
export const FILE_NOTES_KEY = 'userFileNotes';
export const NOTES_KEY = 'userNotes';
export const NOTES_UPDATED_AT_KEY = 'notesLastUpdated';
/** The notes-updated window event (docs/product.md §15.3), fired after every change. */
export const NOTES_UPDATED_EVENT = 'notesUpdated';

export interface TextNote {
  id: string;
  title: string;
  text: string;
  type: 'notes';
  author: string;
  /** A real count: notes are personal, nobody downloads them yet. */
  downloads: number;
  room: string;
  uploadedAt: string;
}

export interface FileNote {
  id: string;
  /** The file as a data URL; '' for a file of the account not yet downloaded to this device. */
  fileData: string;
  fileName: string;
  fileType: string;
  uploadedAt: string;
}

/** An entry of the combined userNotes list. */
export type NoteEntry =
  | TextNote
  | {
      id: string;
      title: string;
      type: 'pdf' | 'image' | 'file';
      fileName: string;
      fileType: string;
      author: string;
      room: string;
      uploadedAt: string;
    };

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const when = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number'
      ? new Date(value).toISOString()
      : '';

function toTextNote(value: unknown): TextNote | null {
  if (!isRecord(value) || !str(value.id)) return null;
  const text = str(value.text);
  return {
    id: str(value.id),
    title: str(value.title).trim() || noteTitle('', text),
    text,
    type: 'notes',
    author: str(value.author) || 'You',
    downloads: typeof value.downloads === 'number' ? value.downloads : 0,
    room: str(value.room) || 'Personal',
    uploadedAt: when(value.uploadedAt),
  };
}

function toFileNote(value: unknown): FileNote | null {
  if (!isRecord(value) || !str(value.id)) return null;
  // Only data URLs are ever stored, or nothing yet (an account's file whose bytes stay on the
  // server until opened); anything else (a tampered value) is not a file we made.
  const fileData = str(value.fileData);
  if (fileData !== '' && !fileData.startsWith('data:')) return null;
  return {
    id: str(value.id),
    fileData: str(value.fileData),
    fileName: str(value.fileName) || 'file',
    fileType: str(value.fileType),
    uploadedAt: when(value.uploadedAt),
  };
}

function parseList(raw: string | null): unknown[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** Text notes from a raw userNotesText value. */
export function parseTextNotes(raw: string | null): TextNote[] {
  return parseList(raw)
    .map(toTextNote)
    .filter((n): n is TextNote => n !== null);
}

/** File notes from a raw userFileNotes value. */
export function parseFileNotes(raw: string | null): FileNote[] {
  return parseList(raw)
    .map(toFileNote)
    .filter((n): n is FileNote => n !== null);
}

export function readTextNotes(): TextNote[] {
  return parseTextNotes(readString(TEXT_NOTES_KEY));
}

export function readFileNotes(): FileNote[] {
  return parseFileNotes(readString(FILE_NOTES_KEY));
}

function fileEntry(file: FileNote): NoteEntry {
  return {
    id: file.id,
    title: file.fileName,
    type: fileKind(file.fileType),
    fileName: file.fileName,
    fileType: file.fileType,
    author: 'You',
    room: 'Personal',
    uploadedAt: file.uploadedAt,
  };
}

/** The combined list as the two source lists define it, oldest first. */
function combine(texts: TextNote[], files: FileNote[]): NoteEntry[] {
  return [...texts, ...files.map(fileEntry)].sort(
    (a, b) => Date.parse(a.uploadedAt || '0') - Date.parse(b.uploadedAt || '0'),
  );
}

/** Every note (text and file), oldest first: the combined list the dashboard counts and shows. */
export function readAllNotes(): NoteEntry[] {
  return combine(readTextNotes(), readFileNotes());
}

/** When the notes last changed (ms), or null if never. */
export function readNotesUpdatedAt(): number | null {
  const value = Number(readString(NOTES_UPDATED_AT_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

function save(texts: TextNote[], files: FileNote[], now: number): void {
  // The file list first: it is by far the largest, so a full storage refuses it before anything
  // else changed.
  writeJsonAllOrThrow([
    [FILE_NOTES_KEY, files],
    [TEXT_NOTES_KEY, texts],
    [NOTES_KEY, combine(texts, files)],
  ]);
  writeString(NOTES_UPDATED_AT_KEY, String(now));
  window.dispatchEvent(
    new CustomEvent(NOTES_UPDATED_EVENT, { detail: { count: texts.length + files.length } }),
  );
}

/**
 * An id of the form prefix-{ms} (docs/product.md §10.5), moved on by a millisecond if already
 * taken.
 */
function uniqueId(prefix: string, now: number, taken: { id: string }[]): string {
  const ids = new Set(taken.map((n) => n.id));
  let stamp = now;
  while (ids.has(`${prefix}-${stamp}`)) stamp += 1;
  return `${prefix}-${stamp}`;
}

/** A new text note's id (note-{ms}), one no note holds yet. */
export function newTextNoteId(now: number = Date.now()): string {
  return uniqueId('note', now, readTextNotes());
}

/**
 * Adds a text note, or (with `id`) replaces an existing note's title and text
 * (docs/product.md §10.3, §10.4). Returns the saved note, or null when both title and body are
 * empty (nothing happens). Throws StorageWriteError when storage is full.
 */
export function saveTextNote(
  input: { id?: string; title: string; text: string },
  now: number = Date.now(),
): TextNote | null {
  if (!input.title.trim() && !input.text.trim()) return null;
  const texts = readTextNotes();
  const files = readFileNotes();
  const title = noteTitle(input.title, input.text);
  let saved: TextNote | null = null;
  let next: TextNote[];
  if (input.id !== undefined) {
    next = texts.map((note) => {
      if (note.id !== input.id) return note;
      saved = { ...note, title, text: input.text };
      return saved;
    });
    if (!saved) return null;
  } else {
    saved = {
      id: uniqueId('note', now, texts),
      title,
      text: input.text,
      type: 'notes',
      author: 'You',
      downloads: 0,
      room: 'Personal',
      uploadedAt: new Date(now).toISOString(),
    };
    next = [...texts, saved];
  }
  save(next, files, now);
  reportLocalChanges([textPut(saved)]);
  return saved;
}

/** Stores an uploaded file (already checked with checkUploadFile). */
export function addFileNote(
  input: { fileData: string; fileName: string; fileType: string },
  now: number = Date.now(),
): FileNote {
  const files = readFileNotes();
  const file: FileNote = {
    id: uniqueId('file', now, files),
    fileData: input.fileData,
    fileName: input.fileName,
    fileType: input.fileType,
    uploadedAt: new Date(now).toISOString(),
  };
  save(readTextNotes(), [...files, file], now);
  reportLocalChanges([filePut(file)]);
  return file;
}

/** Deletes a text note or a file by id. */
export function deleteNote(id: string, now: number = Date.now()): void {
  const texts = readTextNotes();
  const files = readFileNotes();
  const nextTexts = texts.filter((n) => n.id !== id);
  const nextFiles = files.filter((n) => n.id !== id);
  if (nextTexts.length === texts.length && nextFiles.length === files.length) return;
  save(nextTexts, nextFiles, now);
  const kind = nextTexts.length !== texts.length ? 'textNote' : 'fileNote';
  reportLocalChanges([{ op: 'delete', kind, id }]);
}

/**
 * How long a deleted note's delete is held unsent, past the Undo toast's 5 s (decision 0064:
 * tasks hold theirs as long, for the same reason).
 */
export const NOTE_DELETE_HOLD_MS = 10_000;

/** A note deleted with a way back: what it was, where it sat, and its held delete. */
export type DeletedNote = (
  | { kind: 'textNote'; place: ListPlace<TextNote> }
  | { kind: 'fileNote'; place: ListPlace<FileNote> }
) & { mutationId: string; account: string | null };

/**
 * Deletes a text note or a file here at once and holds its delete unsent
 * (docs/decisions/0064-undo-a-delete.md) until commitDeletedNote or the hold ends; undoDeleteNote
 * puts it back as it was. Null for an unknown id. Throws StorageWriteError when storage refuses.
 */
export function deleteNoteUndoably(id: string, now: number = Date.now()): DeletedNote | null {
  const texts = readTextNotes();
  const files = readFileNotes();
  const text = placeIn(texts, id);
  const file = text ? null : placeIn(files, id);
  if (!text && !file) return null;
  save(
    texts.filter((n) => n.id !== id),
    files.filter((n) => n.id !== id),
    now,
  );
  const mutationId = `undo-${id}-${now}-${Math.random().toString(36).slice(2, 8)}`;
  const kind = text ? 'textNote' : 'fileNote';
  reportLocalChanges([{ op: 'delete', kind, id, mutationId, holdMs: NOTE_DELETE_HOLD_MS }]);
  const account = syncedAccount();
  return text
    ? { kind: 'textNote', place: text, mutationId, account }
    : { kind: 'fileNote', place: file!, mutationId, account };
}

/** Ends a note delete's Undo: the other devices are told now. */
export function commitDeletedNote(deleted: DeletedNote): void {
  releaseLocalChange(deleted.mutationId);
}

/**
 * Puts a deleted note back with its id and content where it was, and withdraws the held delete so
 * no other device ever loses it. Resolves false when the delete had already reached the server:
 * the put sent then is refused there (a deleted record stays deleted, decision 0022).
 */
export async function undoDeleteNote(deleted: DeletedNote, now: number = Date.now()) {
  if (syncedAccount() !== deleted.account) return false;
  const texts = readTextNotes();
  const files = readFileNotes();
  if (deleted.kind === 'textNote') {
    const restored = putBack(texts, deleted.place);
    if (restored) save(restored, files, now);
  } else {
    const restored = putBack(files, deleted.place);
    if (restored) save(texts, restored, now);
  }
  const withdrawn = await withdrawLocalChange(deleted.mutationId);
  if (!withdrawn) {
    reportLocalChanges([
      deleted.kind === 'textNote' ? textPut(deleted.place.item) : filePut(deleted.place.item),
    ]);
  }
  return withdrawn;
}

/** A text note as the server stores it: everything but the id (packages/shared sync.ts). */
export function textNoteData(note: TextNote): TextNoteData {
  const { id: _id, ...data } = note;
  return data;
}

/** The byte length of a base64 data URL's contents. */
function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  const body = dataUrl.slice(comma + 1);
  if (!dataUrl.slice(0, comma).endsWith(';base64')) return decodeURIComponent(body).length;
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}

/** A file note's metadata as the server stores it; its bytes travel apart. */
export function fileNoteData(file: FileNote): FileNoteData {
  return {
    fileName: file.fileName,
    fileType: file.fileType,
    size: file.fileData ? dataUrlBytes(file.fileData) : 0,
    uploadedAt: file.uploadedAt,
  };
}

const withId = (mutationId: string | undefined) => (mutationId ? { mutationId } : {});

function textPut(note: TextNote, mutationId?: string): LocalChange {
  return {
    op: 'put',
    kind: 'textNote',
    id: note.id,
    data: textNoteData(note),
    ...withId(mutationId),
  };
}

function filePut(file: FileNote, mutationId?: string): LocalChange {
  return {
    op: 'put',
    kind: 'fileNote',
    id: file.id,
    data: fileNoteData(file),
    fileData: file.fileData,
    ...withId(mutationId),
  };
}

/** A record from the server: its data, or null once deleted. */
export interface RemoteRecord<T> {
  id: string;
  data: T | null;
}

/**
 * Writes the server's changes into the lists without reporting them back (they came from there):
 * a known note is replaced in place, a new one appended, a deleted one removed. A file keeps the
 * bytes this device already has. Nothing is written when nothing differs.
 */
export function applyRemoteNotes(
  texts: readonly RemoteRecord<TextNoteData>[],
  files: readonly RemoteRecord<FileNoteData>[],
  now: number = Date.now(),
): void {
  if (texts.length === 0 && files.length === 0) return;
  const rawTexts = readString(TEXT_NOTES_KEY);
  const rawFiles = readString(FILE_NOTES_KEY);
  const nextTexts = merge(parseTextNotes(rawTexts), texts, (id, data) =>
    toTextNote({ ...data, id }),
  );
  const nextFiles = merge(parseFileNotes(rawFiles), files, (id, data, old) =>
    toFileNote({
      id,
      fileName: data.fileName,
      fileType: data.fileType,
      uploadedAt: data.uploadedAt,
      fileData: old?.fileData ?? '',
    }),
  );
  if (JSON.stringify(nextTexts) === rawTexts && JSON.stringify(nextFiles) === rawFiles) return;
  save(nextTexts, nextFiles, now);
}

function merge<T extends { id: string }, D>(
  list: T[],
  records: readonly RemoteRecord<D>[],
  make: (id: string, data: D, old: T | undefined) => T | null,
): T[] {
  const next: (T | null)[] = [...list];
  const index = new Map(list.map((item, i) => [item.id, i]));
  for (const { id, data } of records) {
    const at = index.get(id);
    const item = data
      ? make(id, data, at === undefined ? undefined : (next[at] ?? undefined))
      : null;
    if (at === undefined) {
      if (item) index.set(id, next.push(item) - 1);
    } else {
      next[at] = item;
    }
  }
  return next.filter((item): item is T => item !== null);
}

/**
 * Stores the bytes of a file fetched from the server (it came from there: nothing is reported).
 * Returns the file with its data, or null when it is no longer in the list.
 */
export function cacheFileData(id: string, fileData: string): FileNote | null {
  const files = readFileNotes();
  let found: FileNote | null = null;
  const next = files.map((file) => {
    if (file.id !== id) return file;
    found = { ...file, fileData };
    return found;
  });
  if (found) save(readTextNotes(), next, readNotesUpdatedAt() ?? Date.now());
  return found;
}

/**
 * Adds notes as this device's own changes, keeping their ids (notes set aside as guest data and
 * taken into the account); each is reported with the mutation id `mutationIdOf` gives it, so
 * taking the same notes twice sends the same mutations, which the server applies once.
 */
export function adoptNotes(
  texts: readonly TextNote[],
  files: readonly FileNote[],
  mutationIdOf: (note: { id: string }) => string,
  now: number = Date.now(),
): void {
  if (texts.length === 0 && files.length === 0) return;
  const textIds = new Set(texts.map((n) => n.id));
  const fileIds = new Set(files.map((n) => n.id));
  save(
    [...readTextNotes().filter((n) => !textIds.has(n.id)), ...texts],
    [...readFileNotes().filter((n) => !fileIds.has(n.id)), ...files],
    now,
  );
  reportLocalChanges([
    ...texts.map((n) => textPut(n, mutationIdOf(n))),
    ...files.map((n) => filePut(n, mutationIdOf(n))),
  ]);
}

/** The raw text and file lists (the guest data set aside while an account's copy is in place). */
export function readNotesRaw(): { texts: string | null; files: string | null } {
  return { texts: readString(TEXT_NOTES_KEY), files: readString(FILE_NOTES_KEY) };
}

/** Removes every note key (the account's copy at sign-out, or guest data once set aside). */
export function forgetNotes(): void {
  for (const key of [TEXT_NOTES_KEY, FILE_NOTES_KEY, NOTES_KEY, NOTES_UPDATED_AT_KEY]) {
    removeKey(key);
  }
  window.dispatchEvent(new CustomEvent(NOTES_UPDATED_EVENT, { detail: { count: 0 } }));
}

/** Puts set-aside notes back, keeping any note already in the lists (same id, same note). */
export function restoreNotes(
  raw: { texts: string | null; files: string | null },
  now = Date.now(),
) {
  const texts = readTextNotes();
  const files = readFileNotes();
  const textIds = new Set(texts.map((n) => n.id));
  const fileIds = new Set(files.map((n) => n.id));
  const backTexts = parseTextNotes(raw.texts).filter((n) => !textIds.has(n.id));
  const backFiles = parseFileNotes(raw.files).filter((n) => !fileIds.has(n.id));
  if (backTexts.length === 0 && backFiles.length === 0) return;
  save([...backTexts, ...texts], [...backFiles, ...files], now);
}

/** Calls `listener` after a change here or in another tab; returns the unsubscribe function. */
export function subscribeNotes(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (
      event.key === null ||
      event.key === TEXT_NOTES_KEY ||
      event.key === FILE_NOTES_KEY ||
      event.key === NOTES_KEY
    ) {
      listener();
    }
  };
  window.addEventListener(NOTES_UPDATED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(NOTES_UPDATED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

// useSyncExternalStore wants the same object back while nothing changed: cache by raw strings.
function cached<T>(key: string, parse: () => T): () => T {
  let raw: string | null | undefined;
  let value: T;
  return () => {
    const now = readString(key);
    if (now !== raw) {
      raw = now;
      value = parse();
    }
    return value;
  };
}
const textSnapshot = cached(TEXT_NOTES_KEY, readTextNotes);
const fileSnapshot = cached(FILE_NOTES_KEY, readFileNotes);
const EMPTY_TEXT: TextNote[] = [];
const EMPTY_FILES: FileNote[] = [];

export function useTextNotes(): TextNote[] {
  return useSyncExternalStore(subscribeNotes, textSnapshot, () => EMPTY_TEXT);
}

export function useFileNotes(): FileNote[] {
  return useSyncExternalStore(subscribeNotes, fileSnapshot, () => EMPTY_FILES);
}
