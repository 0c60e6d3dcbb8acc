import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageWriteError } from '../../lib/storage';
import {
  attachChangeSink,
  attachHoldControl,
  forgetSyncedAccount,
  markSyncedAccount,
  type LocalChange,
} from '../../lib/sync/local-changes';
import {
  FILE_NOTES_KEY,
  NOTES_KEY,
  NOTES_UPDATED_AT_KEY,
  NOTES_UPDATED_EVENT,
  TEXT_NOTES_KEY,
  addFileNote,
  deleteNote,
  deleteNoteUndoably,
  undoDeleteNote,
  readAllNotes,
  readFileNotes,
  readTextNotes,
  saveTextNote,
} from './notes-store';

const raw = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

afterEach(() => {
  vi.restoreAllMocks();
});

// First: a test below leaves the storage refusing writes.
describe('an undoable delete (docs/decisions/0064)', () => {
  afterEach(() => {
    forgetSyncedAccount();
    localStorage.clear();
  });

  it('holds the delete and puts the note back in its place, never sending it', async () => {
    markSyncedAccount('acct-1');
    const seen: LocalChange[] = [];
    const withdrawn: string[] = [];
    const detach = [
      attachChangeSink((changes) => seen.push(...changes)),
      attachHoldControl({
        withdraw: async (id) => {
          withdrawn.push(id);
          return true;
        },
        release: async () => undefined,
      }),
    ];
    try {
      const a = saveTextNote({ title: 'A', text: 'a' }, 1)!;
      const b = saveTextNote({ title: 'B', text: 'b' }, 2)!;
      saveTextNote({ title: 'C', text: 'c' }, 3);
      const deleted = deleteNoteUndoably(b.id, 4)!;
      expect(readTextNotes().map((n) => n.title)).toEqual(['A', 'C']);
      const held = seen.at(-1)!;
      expect(held).toMatchObject({ op: 'delete', kind: 'textNote', id: b.id });
      expect(held.holdMs).toBeGreaterThanOrEqual(5_000);
      await expect(undoDeleteNote(deleted, 5)).resolves.toBe(true);
      expect(readTextNotes()).toEqual([a, b, expect.objectContaining({ title: 'C' })]);
      expect(withdrawn).toEqual([held.mutationId]);
      // Nothing more was sent: the other devices never lost it.
      expect(seen.filter((c) => c.op === 'delete')).toHaveLength(1);
    } finally {
      detach.forEach((d) => d());
    }
  });

  it('puts a file back too, and sends it again when the delete already left', async () => {
    markSyncedAccount('acct-1');
    const seen: LocalChange[] = [];
    const detach = [
      attachChangeSink((changes) => seen.push(...changes)),
      attachHoldControl({ withdraw: async () => false, release: async () => undefined }),
    ];
    try {
      const file = addFileNote({ fileData: PNG, fileName: 'cell.png', fileType: 'image/png' }, 10);
      const deleted = deleteNoteUndoably(file.id, 11)!;
      expect(readFileNotes()).toEqual([]);
      await expect(undoDeleteNote(deleted, 12)).resolves.toBe(false);
      expect(readFileNotes()).toEqual([file]);
      expect(seen.map((c) => c.op)).toEqual(['put', 'delete', 'put']);
    } finally {
      detach.forEach((d) => d());
    }
  });
});

describe('notes store', () => {
  it('adds a text note in the stored format and mirrors it into userNotes', () => {
    const note = saveTextNote(
      { title: '', text: 'Mitochondria is the powerhouse of the cell.' },
      1000,
    );
    expect(note).toEqual({
      id: 'note-1000',
      title: 'Mitochondria is the powerhouse of the ce',
      text: 'Mitochondria is the powerhouse of the cell.',
      type: 'notes',
      author: 'You',
      downloads: 0,
      room: 'Personal',
      uploadedAt: new Date(1000).toISOString(),
    });
    expect(raw(TEXT_NOTES_KEY)).toEqual([note]);
    expect(raw(NOTES_KEY)).toEqual([note]);
    expect(localStorage.getItem(NOTES_UPDATED_AT_KEY)).toBe('1000');
  });

  it('does nothing when both title and body are empty', () => {
    expect(saveTextNote({ title: ' ', text: '  ' })).toBeNull();
    expect(localStorage.getItem(TEXT_NOTES_KEY)).toBeNull();
  });

  it('edits in place, replacing title and text', () => {
    const a = saveTextNote({ title: 'A', text: 'one' }, 1)!;
    saveTextNote({ title: 'B', text: 'two' }, 2);
    saveTextNote({ id: a.id, title: '', text: 'rewritten' }, 3);
    expect(readTextNotes().map((n) => [n.id, n.title, n.text])).toEqual([
      ['note-1', 'rewritten', 'rewritten'],
      ['note-2', 'B', 'two'],
    ]);
  });

  it('gives unique ids to notes saved in the same millisecond', () => {
    saveTextNote({ title: 'x', text: 'y' }, 5);
    saveTextNote({ title: 'x', text: 'y' }, 5);
    expect(readTextNotes().map((n) => n.id)).toEqual(['note-5', 'note-6']);
  });

  it('stores files once, with a file entry in the combined list, and deletes either kind', () => {
    const file = addFileNote({ fileData: PNG, fileName: 'diagram.png', fileType: 'image/png' }, 10);
    const note = saveTextNote({ title: 'T', text: 'body' }, 20)!;
    expect(raw(FILE_NOTES_KEY)).toEqual([
      {
        id: 'file-10',
        fileData: PNG,
        fileName: 'diagram.png',
        fileType: 'image/png',
        uploadedAt: new Date(10).toISOString(),
      },
    ]);
    const combined = raw(NOTES_KEY) as Record<string, unknown>[];
    expect(combined.map((n) => [n.id, n.type, n.title])).toEqual([
      ['file-10', 'image', 'diagram.png'],
      ['note-20', 'notes', 'T'],
    ]);
    expect(combined[0]).not.toHaveProperty('fileData');
    deleteNote(file.id);
    deleteNote(note.id);
    expect(readAllNotes()).toEqual([]);
    expect(raw(NOTES_KEY)).toEqual([]);
  });

  it('broadcasts the notes-updated event on every change', () => {
    const listener = vi.fn();
    window.addEventListener(NOTES_UPDATED_EVENT, listener);
    const note = saveTextNote({ title: 'T', text: 'b' })!;
    deleteNote(note.id);
    window.removeEventListener(NOTES_UPDATED_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('reads corrupt values as empty and drops files that are not data URLs', () => {
    localStorage.setItem(TEXT_NOTES_KEY, '{{');
    localStorage.setItem(
      FILE_NOTES_KEY,
      JSON.stringify([{ id: 'file-1', fileData: 'javascript:alert(1)', fileName: 'x.pdf' }, 3]),
    );
    expect(readTextNotes()).toEqual([]);
    expect(readFileNotes()).toEqual([]);
  });

  it('keeps everything already saved when the storage is full', () => {
    saveTextNote({ title: 'Saved', text: 'safe' }, 1);
    const before = {
      files: localStorage.getItem(FILE_NOTES_KEY),
      text: localStorage.getItem(TEXT_NOTES_KEY),
      all: localStorage.getItem(NOTES_KEY),
    };
    const real = localStorage.setItem.bind(localStorage);
    // The file list fits; the combined list no longer does.
    vi.spyOn(localStorage, 'setItem').mockImplementation((key: string, value: string) => {
      if (key === NOTES_KEY) throw new DOMException('full', 'QuotaExceededError');
      real(key, value);
    });
    expect(() =>
      addFileNote({ fileData: PNG, fileName: 'big.png', fileType: 'image/png' }, 2),
    ).toThrow(StorageWriteError);
    vi.restoreAllMocks();
    expect(localStorage.getItem(FILE_NOTES_KEY)).toBe(before.files);
    expect(readFileNotes()).toEqual([]);
    expect(localStorage.getItem(TEXT_NOTES_KEY)).toBe(before.text);
    expect(localStorage.getItem(NOTES_KEY)).toBe(before.all);
  });
});
