import { useSyncExternalStore } from 'react';
import { isRecord, readString, writeJsonAllOrThrow, writeString } from '../../lib/storage';
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

function readList(key: string): unknown[] {
  const raw = readString(key);
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

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
  // Only data URLs are ever stored; anything else (a tampered value) is not a file we made.
  if (!str(value.fileData).startsWith('data:')) return null;
  return {
    id: str(value.id),
    fileData: str(value.fileData),
    fileName: str(value.fileName) || 'file',
    fileType: str(value.fileType),
    uploadedAt: when(value.uploadedAt),
  };
}

export function readTextNotes(): TextNote[] {
  return readList(TEXT_NOTES_KEY)
    .map(toTextNote)
    .filter((n): n is TextNote => n !== null);
}

export function readFileNotes(): FileNote[] {
  return readList(FILE_NOTES_KEY)
    .map(toFileNote)
    .filter((n): n is FileNote => n !== null);
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
