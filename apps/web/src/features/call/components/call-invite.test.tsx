import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeRoom } from '../../../test/fixtures';
import { CallInvite } from './call-invite';

afterEach(() => vi.unstubAllGlobals());

describe('CallInvite', () => {
  it('gives the room’s link and code from the empty call, each copied with one tap', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const room = makeRoom();
    render(<CallInvite room={room} look="empty" />);
    const opener = screen.getByRole('button', { name: 'Invite people' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Invite people' });
    const link = `${window.location.origin}/rooms/call/room/${room.id}`;
    expect(within(dialog).getByLabelText('Room link')).toHaveValue(link);
    expect(within(dialog).getByText('ABC234')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(link);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenLastCalledWith('ABC234');
    expect(within(dialog).getAllByText('Copied!')).toHaveLength(2);

    // The call's single-key shortcuts stay out of it.
    expect(within(dialog).getByText('ABC234').closest('[data-own-keys]')).not.toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('in the header, reads Invite', () => {
    render(<CallInvite room={makeRoom()} look="header" />);
    expect(screen.getByRole('button', { name: 'Invite' })).toBeInTheDocument();
  });
});
