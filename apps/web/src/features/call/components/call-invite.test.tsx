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

  it('shows the e-mail invitation the room passes in, and says who can without one', async () => {
    const room = makeRoom();
    const EmailInvite = ({ room: r }: { room: { name: string } }) => (
      <form aria-label="Invite by email">{r.name}</form>
    );
    const { unmount } = render(<CallInvite room={room} look="empty" EmailInvite={EmailInvite} />);
    await userEvent.click(screen.getByRole('button', { name: 'Invite people' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite people' });
    expect(within(dialog).getByRole('form', { name: 'Invite by email' })).toHaveTextContent(
      room.name,
    );
    // Typing an address there is not a call shortcut.
    expect(within(dialog).getByRole('form').closest('[data-own-keys]')).not.toBeNull();
    unmount();

    render(<CallInvite room={room} look="empty" />);
    await userEvent.click(screen.getByRole('button', { name: 'Invite people' }));
    expect(
      screen.getByText('The owner and admins can also invite by e-mail, from the room page.'),
    ).toBeInTheDocument();
  });

  it('in the header, reads Invite', () => {
    render(<CallInvite room={makeRoom()} look="header" />);
    expect(screen.getByRole('button', { name: 'Invite' })).toBeInTheDocument();
  });
});
