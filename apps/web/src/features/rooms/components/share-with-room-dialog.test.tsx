import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeRoom } from '../../../test/fixtures';
import { mockApi, renderPage } from '../../../test/render';
import { Toaster } from '../../../ui/toast';
import { ShareWithRoomButton } from './share-with-room-dialog';

afterEach(() => vi.unstubAllGlobals());

const calculus = makeRoom({ id: '0123456789abcdef01234567', name: 'Calculus Crew' });
const physics = makeRoom({ id: 'fedcba9876543210fedcba98', name: 'Physics Pals' });
const ROOMS = 'GET /api/rooms';

function show() {
  return renderPage(
    <>
      <Toaster />
      <ShareWithRoomButton target={{ kind: 'textNote', id: 'note-17', name: 'Series tricks' }} />
    </>,
  );
}

const open = () =>
  userEvent.click(screen.getByRole('button', { name: 'Share Series tricks with a room' }));

describe('ShareWithRoomButton', () => {
  it('shares the note with the chosen room of the student’s own, then closes on the opener', async () => {
    const { calls } = mockApi({
      [ROOMS]: { body: { rooms: [calculus, physics], nextCursor: null } },
      [`POST /api/rooms/${physics.id}/workspace`]: { status: 201, body: { item: {} } },
    });
    show();
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Share with a room' });
    expect(dialog).toHaveAccessibleDescription(
      'Members of the room you choose will see “Series tricks” in its workspace.',
    );
    const select = await within(dialog).findByRole('combobox', { name: 'Room' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Calculus Crew', 'Physics Pals']);
    await userEvent.selectOptions(select, 'Physics Pals');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Shared with Physics Pals.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Share Series tricks with a room' })).toHaveFocus(),
    );
    // Only the student's own rooms are offered.
    expect(calls[0]?.search).toContain('scope=mine');
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/api/rooms/${physics.id}/workspace`,
      body: { kind: 'textNote', id: 'note-17' },
    });
  });

  it('shows the server’s refusal in the dialog and stays open', async () => {
    const sentence = 'This item is not saved to your account yet. Try again once it has synced.';
    mockApi({
      [ROOMS]: { body: { rooms: [calculus], nextCursor: null } },
      [`POST /api/rooms/${calculus.id}/workspace`]: {
        status: 404,
        body: { message: sentence, error: sentence, code: 'NOT_FOUND' },
      },
    });
    show();
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Share with a room' });
    await within(dialog).findByRole('combobox', { name: 'Room' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Share' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(sentence);
  });

  it('a student in no room is pointed at the rooms page', async () => {
    mockApi({ [ROOMS]: { body: { rooms: [], nextCursor: null } } });
    show();
    await open();
    expect(await screen.findByText(/You are not in any room yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find or create a room' })).toHaveAttribute(
      'href',
      '/dashboard/rooms',
    );
  });

  it('Cancel closes without sharing and returns the keyboard to the opener', async () => {
    const { calls } = mockApi({ [ROOMS]: { body: { rooms: [calculus], nextCursor: null } } });
    show();
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Share Series tricks with a room' })).toHaveFocus();
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });
});
