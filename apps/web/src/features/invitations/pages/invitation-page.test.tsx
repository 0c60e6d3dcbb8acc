import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockApi, renderPage, type ApiAnswer } from '../../../test/render';
import { InvitationPage } from './invitation-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const INVITATION = {
  roomId: '0123456789abcdef01234567',
  roomName: 'Calculus Crew',
  inviterName: 'Olivia Owner',
  email: 'third@example.com',
  role: 'admin',
  expiresAt: '2030-01-01T12:00:00.000Z',
  state: 'pending',
};

/** The invitation page at /invite/tok123, signed in (a stored token) or not. */
function showInvitation(signedIn: boolean) {
  if (signedIn) localStorage.setItem('token', 'test-token');
  return renderPage(<InvitationPage />, { url: '/invite/tok123', pattern: '/invite/:token' });
}

const profile = () => ({
  body: { user: { id: 'u3', _id: 'u3', name: 'Third', email: 'third@example.com' } },
});

describe('InvitationPage', () => {
  it('sends a signed-out visitor to sign in with a way back', async () => {
    mockApi({});
    const { currentLocation } = showInvitation(false);
    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    expect(currentLocation().search).toBe('?redirect=%2Finvite%2Ftok123');
    expect(sessionStorage.getItem('postLoginRedirect')).toBe('/invite/tok123');
  });

  it('shows the details, accepts, confirms and goes to the room after 1.5 s', async () => {
    mockApi({
      'GET /api/auth/profile': profile,
      'GET /api/invitations/tok123': () => ({ body: INVITATION }),
      'POST /api/invitations/tok123/accept': () => ({
        body: { roomId: INVITATION.roomId, role: 'admin' },
      }),
    });
    const { currentLocation } = showInvitation(true);
    expect(await screen.findByRole('heading', { name: "You're invited" })).toBeInTheDocument();
    for (const text of ['Calculus Crew', 'Olivia Owner', 'third@example.com', 'Admin']) {
      expect(screen.getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    }
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' })),
    );
    expect(await screen.findByText(/Invitation accepted!/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1400));
    expect(currentLocation().pathname).toBe('/invite/tok123');
    act(() => vi.advanceTimersByTime(150));
    expect(currentLocation().pathname).toBe(`/rooms/${INVITATION.roomId}`);
  });

  it('an invitation this account already accepted offers Open room, not an error', async () => {
    mockApi({
      'GET /api/auth/profile': profile,
      'GET /api/invitations/tok123': () => ({ body: { ...INVITATION, state: 'accepted' } }),
    });
    showInvitation(true);
    expect(await screen.findByText('You have already accepted this invitation.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open room' })).toHaveAttribute(
      'href',
      `/rooms/room/${INVITATION.roomId}`,
    );
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).not.toBeInTheDocument();
    expect(screen.queryByText('Invitation not found or expired.')).not.toBeInTheDocument();
  });

  it('shows the not-found sentence when the invitation does not load', async () => {
    mockApi({ 'GET /api/auth/profile': profile });
    showInvitation(true);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation not found or expired.');
  });

  it("shows the server's accept error, else the fallback", async () => {
    let answer: ApiAnswer = {
      status: 409,
      body: { message: 'This invitation has already been used.', error: 'x', code: 'X' },
    };
    mockApi({
      'GET /api/auth/profile': profile,
      'GET /api/invitations/tok123': () => ({ body: INVITATION }),
      'POST /api/invitations/tok123/accept': () => answer,
    });
    showInvitation(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation has already been used.',
    );
    answer = { status: 500, body: {} };
    fireEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to accept invitation.'),
    );
  });
});
