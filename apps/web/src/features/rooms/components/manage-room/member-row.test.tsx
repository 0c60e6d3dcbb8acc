import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoomMember } from '@studycircle/shared';
import { Toaster } from '../../../../ui/toast';
import { mockApi, renderPage } from '../../../../test/render';
import { MemberRow } from './member-row';

afterEach(() => vi.unstubAllGlobals());

const ROOM_ID = '0123456789abcdef01234567';
const MO: RoomMember = {
  id: 'm1',
  name: 'Mo',
  email: 'mo@example.com',
  role: 'member',
  joinedAt: '2025-01-01T00:00:00.000Z',
};
const REMOVE_MO = `DELETE /api/rooms/${ROOM_ID}/members/m1`;

function showRow(member: RoomMember, callerRole: 'owner' | 'admin' | 'member' = 'owner') {
  return renderPage(
    <>
      <Toaster />
      <ul>
        <MemberRow roomId={ROOM_ID} member={member} callerRole={callerRole} />
      </ul>
    </>,
  );
}

const removeButton = () => screen.getByRole('button', { name: 'Remove Mo from the room' });
const confirmGroup = () => screen.queryByRole('group', { name: 'Confirm removing Mo' });

describe('MemberRow: remove a member', () => {
  it('asks first, with the keyboard on Cancel, and sends nothing until confirmed', async () => {
    const { calls } = mockApi({});
    showRow(MO);
    await userEvent.click(removeButton());
    const group = confirmGroup()!;
    expect(group).toHaveTextContent(
      'Remove Mo from the room? They lose access to its call, chat and notes.',
    );
    expect(within(group).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // The button that asked gives way to the question.
    expect(
      screen.queryByRole('button', { name: 'Remove Mo from the room' }),
    ).not.toBeInTheDocument();
    // Nothing changed on the server (the row reads the member's picture, a GET).
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('Cancel closes the step and puts the keyboard back on Remove', async () => {
    const { calls } = mockApi({});
    showRow(MO);
    await userEvent.click(removeButton());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(confirmGroup()).not.toBeInTheDocument();
    await waitFor(() => expect(removeButton()).toHaveFocus());
    // Nothing changed on the server (the row reads the member's picture, a GET).
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('confirming removes the member and says so', async () => {
    const { calls } = mockApi({ [REMOVE_MO]: { body: { ok: true } } });
    showRow(MO);
    await userEvent.click(removeButton());
    await userEvent.click(screen.getByRole('button', { name: 'Remove Mo' }));
    expect(await screen.findByText('Mo was removed.')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(REMOVE_MO);
  });

  it("a refused removal shows the server's sentence and closes the step", async () => {
    mockApi({
      [REMOVE_MO]: {
        status: 403,
        body: { message: 'Only the owner can remove an admin.', error: 'x', code: 'FORBIDDEN' },
      },
    });
    showRow(MO);
    await userEvent.click(removeButton());
    await userEvent.click(screen.getByRole('button', { name: 'Remove Mo' }));
    expect(await screen.findByText('Only the owner can remove an admin.')).toBeInTheDocument();
    expect(confirmGroup()).not.toBeInTheDocument();
    await waitFor(() => expect(removeButton()).toHaveFocus());
  });

  it('a failure without a sentence shows the fallback', async () => {
    mockApi({ [REMOVE_MO]: { status: 500 } });
    showRow(MO);
    await userEvent.click(removeButton());
    await userEvent.click(screen.getByRole('button', { name: 'Remove Mo' }));
    expect(await screen.findByText('Could not remove the member.')).toBeInTheDocument();
  });

  it.each([
    ['the owner, for the owner row', { ...MO, role: 'owner' as const }, 'owner' as const],
    ['an admin, for another admin', { ...MO, role: 'admin' as const }, 'admin' as const],
    ['a member', MO, 'member' as const],
  ])('offers no Remove to %s', (_label, member, callerRole) => {
    mockApi({});
    showRow(member, callerRole);
    expect(
      screen.queryByRole('button', { name: 'Remove Mo from the room' }),
    ).not.toBeInTheDocument();
  });

  it('lets an admin remove a plain member', () => {
    mockApi({});
    showRow(MO, 'admin');
    expect(removeButton()).toBeInTheDocument();
  });
});
