import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JoinRequestAnswered, JoinRequestsChanged } from '@studycircle/shared';
import { acquireSocket } from '../../../lib/socket';
import { mockApi, renderPage } from '../../../test/render';
import { Toaster } from '../../../ui/toast';
import { JoinRequestAlerts } from './join-request-alerts';

vi.mock('../../../lib/socket', async () =>
  (await import('../../../test/fake-socket')).fakeSocketModule(),
);

afterEach(() => vi.unstubAllGlobals());

const ROOM = '0123456789abcdef01234567';

/** The handler the alerts subscribed for `event` on the (fake) live link. */
function handlerOf<P>(event: string): (payload: P) => void {
  const { socket } = acquireSocket();
  const found = vi.mocked(socket.on).mock.calls.findLast(([name]) => name === event)?.[1];
  expect(found).toBeDefined();
  return found as (payload: P) => void;
}

function show(url = '/dashboard') {
  return renderPage(
    <>
      <JoinRequestAlerts />
      <Toaster />
    </>,
    { url, pattern: url },
  );
}

describe('requests to join, live', () => {
  it('tells the owner who asks and lets them in with Accept', async () => {
    const { calls } = mockApi({
      [`POST /api/rooms/${ROOM}/join-requests/u9/accept`]: { status: 204 },
    });
    show();
    const asked = handlerOf<JoinRequestsChanged>('room-join-requests');
    act(() =>
      asked({ roomId: ROOM, roomName: 'Cell biology', requester: { id: 'u9', name: 'Noor' } }),
    );
    expect(await screen.findByText('Noor asks to join Cell biology.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Noor can now open Cell biology.')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
      `POST /api/rooms/${ROOM}/join-requests/u9/accept`,
    );
  });

  it('says nothing when a request was only answered elsewhere', async () => {
    mockApi({});
    show();
    act(() =>
      handlerOf<JoinRequestsChanged>('room-join-requests')({ roomId: ROOM, roomName: 'X' }),
    );
    expect(screen.queryByRole('status')?.textContent ?? '').not.toContain('asks to join');
  });

  it('tells the asker the answer, with a way into the room', async () => {
    mockApi({});
    show();
    const answered = handlerOf<JoinRequestAnswered>('room-join-answered');
    act(() => answered({ roomId: ROOM, roomName: 'Cell biology', accepted: false }));
    expect(
      await screen.findByText('Your request to join Cell biology was declined.'),
    ).toBeInTheDocument();
    act(() => answered({ roomId: ROOM, roomName: 'Cell biology', accepted: true }));
    expect(await screen.findByText("You're in: Cell biology.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open room' }));
    expect(await screen.findByText(/Stub page/)).toBeInTheDocument();
  });
});
