import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROOM_NOTES_MESSAGES } from '@studycircle/shared';
import { notesStatus, type NotesConnectionState } from '../lib/notes-status';
import { NotesStatusLine, NotesTooLarge } from './notes-status-line';

const refused: NotesConnectionState = {
  online: true,
  connected: true,
  synced: true,
  unsynced: 0,
  closed: undefined,
  tooLarge: true,
};

describe('an edit refused for the notes’ size', () => {
  it('says it was not saved, and why, until a later edit is', () => {
    render(
      <>
        <NotesStatusLine status={notesStatus(refused)} dark={false} />
        <NotesTooLarge />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Not saved');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'These notes have reached their size limit (5 MB), so your last edit was not saved. Remove something to keep writing.',
    );
    expect(ROOM_NOTES_MESSAGES.tooLarge).toContain('5 MB');
    // A later edit on its way, then saved: the usual words again.
    expect(notesStatus({ ...refused, unsynced: 1 })).toBe('saving');
    expect(notesStatus({ ...refused, tooLarge: false })).toBe('saved');
  });
});
