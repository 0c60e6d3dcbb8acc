import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RoomCard } from './room-card';
import { renderPage } from '../../../test/render';
import { makeRoom } from '../../../test/fixtures';

const card = (over: Parameters<typeof makeRoom>[0]) => {
  const handlers = { onJoin: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  const { currentLocation } = renderPage(
    <RoomCard room={makeRoom(over)} layout="grid" {...handlers} />,
  );
  return { ...handlers, currentLocation };
};

describe('RoomCard', () => {
  it('shows name, subject, description, member count, status in words and privacy', () => {
    card({ status: 'studying', members: 4, isPrivate: true });
    const article = screen.getByRole('article', { name: 'Calculus Crew' });
    const scope = within(article);
    expect(scope.getByText('Mathematics')).toBeInTheDocument();
    expect(scope.getByText('Limits, series and coffee.')).toBeInTheDocument();
    expect(scope.getByText(/4 members/)).toBeInTheDocument();
    expect(scope.getByText('Studying')).toBeInTheDocument();
    expect(scope.getByText('Private')).toBeInTheDocument();
  });

  it('gives the owner the edit/delete menu, and Edit room opens management', async () => {
    const { onEdit, onDelete } = card({ userRole: 'owner' });
    await userEvent.click(screen.getByRole('button', { name: 'Room options for Calculus Crew' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit room' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Room options for Calculus Crew' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete room' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it.each(['admin', 'member'] as const)('gives a %s no edit/delete menu', (userRole) => {
    card({ userRole });
    expect(screen.queryByRole('button', { name: /room options/i })).not.toBeInTheDocument();
  });

  it('shows Join only to a non-member, and chat/notes to a member', async () => {
    const { onJoin } = card({ isMember: false, userRole: null });
    await userEvent.click(screen.getByRole('button', { name: 'Join Calculus Crew' }));
    expect(onJoin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /chat in/i })).not.toBeInTheDocument();
  });

  it('sends chat to the room view with the chat tab and notes with the room id', async () => {
    const { currentLocation } = card({ isMember: true });
    expect(screen.queryByRole('button', { name: /^join/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Chat in Calculus Crew' }));
    expect(currentLocation().pathname).toBe('/rooms/room/0123456789abcdef01234567');
    expect(currentLocation().state).toMatchObject({ initialTab: 'chat' });
  });

  it('sends notes with the room id in state', async () => {
    const { currentLocation } = card({ isMember: true });
    await userEvent.click(screen.getByRole('button', { name: 'Notes for Calculus Crew' }));
    expect(currentLocation().pathname).toBe('/dashboard/notes');
    expect(currentLocation().state).toEqual({
      roomId: '0123456789abcdef01234567',
    });
  });
});
