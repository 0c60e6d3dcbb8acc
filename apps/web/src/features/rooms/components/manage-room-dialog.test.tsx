import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingInvitation, Room } from '@studycircle/shared';
import { Toaster } from '../../../ui/toast';
import { makeRoom } from '../../../test/fixtures';
import { mockApi, renderPage, type ApiAnswer } from '../../../test/render';
import { ManageRoomDialog } from './manage-room-dialog';

afterEach(() => vi.unstubAllGlobals());

const OWNED = makeRoom({ userRole: 'owner', members: 2 });
const ID = OWNED.id;
const MEMBERS = {
  members: [
    { id: 'o', name: 'Olivia', email: 'o@example.com', role: 'owner', joinedAt: '' },
    { id: 'm', name: 'Mo', email: 'm@example.com', role: 'member', joinedAt: '' },
  ],
};
const INVITE: PendingInvitation = {
  id: 'inv1',
  email: 'new@example.com',
  role: 'member',
  inviterName: 'Olivia',
  expiresAt: '2030-01-01T12:00:00.000Z',
  createdAt: '2029-12-25T12:00:00.000Z',
};

function showDialog(room: Room, focus: 'details' | 'delete' = 'details') {
  const onOpenChange = vi.fn();
  renderPage(
    <>
      <Toaster />
      <ManageRoomDialog room={room} open onOpenChange={onOpenChange} focus={focus} />
    </>,
  );
  return onOpenChange;
}

describe('ManageRoomDialog', () => {
  it("shows the owner every section, the room's values in the form", async () => {
    mockApi({
      [`GET /api/rooms/${ID}/members`]: { body: MEMBERS },
      [`GET /api/rooms/${ID}/invitations`]: { body: { invitations: [INVITE] } },
    });
    showDialog(OWNED);
    const dialog = await screen.findByRole('dialog', { name: 'Manage Room' });
    const details = within(dialog).getByRole('form', { name: 'Room details' });
    expect(within(details).getByLabelText('Room name')).toHaveValue('Calculus Crew');
    expect(within(details).getByLabelText('Subject')).toHaveValue('Mathematics');
    expect(within(details).getByLabelText('Status')).toHaveValue('active');
    expect(within(details).getByLabelText('Max members')).toHaveValue(50);
    expect(within(dialog).getByRole('form', { name: 'Invite by email' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('list', { name: 'Room members' })).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('list', { name: 'Pending invitations' }),
    ).toHaveTextContent('new@example.com');
    expect(within(dialog).getByRole('button', { name: 'Delete room' })).toBeInTheDocument();
  });

  it('gives an admin no delete section', async () => {
    mockApi({});
    showDialog(makeRoom({ userRole: 'admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Room' });
    expect(within(dialog).queryByRole('button', { name: 'Delete room' })).not.toBeInTheDocument();
  });

  it('opened for deletion, shows only the delete section', async () => {
    mockApi({});
    showDialog(OWNED, 'delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Room' });
    expect(within(dialog).getByRole('button', { name: 'Delete room' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Room details' })).not.toBeInTheDocument();
  });

  it('saves the details with the shared rules, refusing a blank name without a request', async () => {
    const { calls } = mockApi({
      [`PATCH /api/rooms/${ID}`]: ({ body }) => ({
        body: { room: { ...OWNED, ...(body as object) } },
      }),
    });
    showDialog(OWNED);
    const details = await screen.findByRole('form', { name: 'Room details' });
    const user = userEvent.setup();
    await user.clear(within(details).getByLabelText('Room name'));
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(within(details).getByRole('alert')).toHaveTextContent('Room name is required');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await user.type(within(details).getByLabelText('Room name'), 'Series Club');
    await user.selectOptions(within(details).getByLabelText('Status'), 'studying');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Room updated.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({
      name: 'Series Club',
      status: 'studying',
      maxMembers: 50,
    });
  });

  it('shows the fallback when saving fails without a sentence', async () => {
    mockApi({ [`PATCH /api/rooms/${ID}`]: { status: 500 } });
    showDialog(OWNED);
    const details = await screen.findByRole('form', { name: 'Room details' });
    await userEvent.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByRole('alert')).toHaveTextContent(
      'Could not save the room. Please try again.',
    );
  });

  it('cancels an invitation at once and refreshes the list', async () => {
    let pending = [INVITE];
    const { calls } = mockApi({
      [`GET /api/rooms/${ID}/invitations`]: () => ({ body: { invitations: pending } }),
      [`DELETE /api/rooms/${ID}/invitations/inv1`]: (): ApiAnswer => {
        pending = [];
        return { body: { ok: true } };
      },
    });
    showDialog(OWNED);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel the invitation to new@example.com' }),
    );
    expect(await screen.findByText('Invitation to new@example.com cancelled.')).toBeInTheDocument();
    expect(await screen.findByText('No invitations waiting for an answer.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('resends an invitation', async () => {
    const { calls } = mockApi({
      [`GET /api/rooms/${ID}/invitations`]: { body: { invitations: [INVITE] } },
      [`POST /api/rooms/${ID}/invitations/inv1/resend`]: { body: { invitation: INVITE } },
    });
    showDialog(OWNED);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Resend the invitation to new@example.com' }),
    );
    expect(
      await screen.findByText('Invitation sent again to new@example.com.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
        `POST /api/rooms/${ID}/invitations/inv1/resend`,
      ),
    );
  });

  it("leaves an admin's invitation of another admin to the owner", async () => {
    mockApi({
      [`GET /api/rooms/${ID}/invitations`]: {
        body: { invitations: [{ ...INVITE, role: 'admin' }] },
      },
    });
    showDialog(makeRoom({ userRole: 'admin' }));
    expect(await screen.findByRole('list', { name: 'Pending invitations' })).toHaveTextContent(
      'new@example.com',
    );
    expect(
      screen.queryByRole('button', { name: 'Cancel the invitation to new@example.com' }),
    ).not.toBeInTheDocument();
  });
});
