import { describe, expect, it } from 'vitest';
import { ROOM_NOTES_MESSAGES } from '@studycircle/shared';
import { notesStatus, notesStatusText, type NotesConnectionState } from './notes-status';

const base: NotesConnectionState = {
  online: true,
  connected: true,
  synced: true,
  unsynced: 0,
  closed: undefined,
  tooLarge: false,
};

describe('notesStatus', () => {
  it('is Saved once synced with nothing pending, Saving while edits wait for the server', () => {
    expect(notesStatus(base)).toBe('saved');
    expect(notesStatus({ ...base, unsynced: 2 })).toBe('saving');
  });

  it('is Connecting until the socket is open and the first sync is done', () => {
    expect(notesStatus({ ...base, connected: false })).toBe('connecting');
    expect(notesStatus({ ...base, synced: false })).toBe('connecting');
  });

  it('says Offline whenever the browser has no network, and closed above all', () => {
    expect(notesStatus({ ...base, online: false, connected: false })).toBe('offline');
    expect(notesStatus({ ...base, online: false, closed: 'not-a-member' })).toBe('closed');
  });

  it('puts each state in words', () => {
    expect(notesStatusText('saved')).toBe('Saved');
    expect(notesStatusText('connecting')).toBe('Connecting…');
    expect(notesStatusText('offline')).toBe(ROOM_NOTES_MESSAGES.offline);
    expect(notesStatusText('closed', 'room-closed')).toBe(
      ROOM_NOTES_MESSAGES.closed['room-closed'],
    );
  });
});
