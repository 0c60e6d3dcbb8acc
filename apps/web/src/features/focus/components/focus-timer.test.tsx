import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FOCUS_DEFAULTS, idleTimer, startTimer, type FocusState } from '@studycircle/shared/focus';
import { renderPage } from '../../../test/render';
import { Toaster } from '../../../ui/toast';
import { addTask, readTasks } from '../../tasks';
import { FocusTimer } from './focus-timer';

/**
 * A live link the test drives: `clock-sync` answers with this machine's time, the focus events
 * with `answer(event, payload)`, and `push` delivers a `focus-state` as the room's channel would.
 */
const link = vi.hoisted(() => {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  const sent: { event: string; payload: Record<string, unknown> }[] = [];
  let answer: (event: string, payload: Record<string, unknown>) => unknown = () => ({ ok: true });
  const socket = {
    connected: true,
    on: (event: string, fn: (payload: unknown) => void) =>
      handlers.set(event, [...(handlers.get(event) ?? []), fn]),
    off: (event: string, fn: (payload: unknown) => void) =>
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((h) => h !== fn),
      ),
    emit: (event: string, payload: Record<string, unknown>) => {
      sent.push({ event, payload });
    },
    timeout: () => ({
      emitWithAck: async (event: string, payload: Record<string, unknown>) => {
        if (event === 'clock-sync') return { ok: true, serverTime: Date.now() };
        sent.push({ event, payload });
        return answer(event, payload);
      },
    }),
  };
  return {
    socket,
    sent,
    setAnswer(fn: typeof answer) {
      answer = fn;
    },
    push(state: unknown) {
      for (const fn of handlers.get('focus-state') ?? []) fn(state);
    },
    reset() {
      handlers.clear();
      sent.length = 0;
    },
  };
});

vi.mock('../../../lib/socket', () => ({
  acquireSocket: () => ({ socket: link.socket, release: () => {} }),
}));

afterEach(() => link.reset());

const ROOM = '0123456789abcdef01234567';
const ME = { userId: 'me', name: 'Meera' };

function stateOf(over: Partial<FocusState>): FocusState {
  return {
    ...idleTimer(),
    roomId: ROOM,
    rev: 1,
    by: null,
    change: null,
    participants: [],
    ...over,
  };
}

function show(initial: FocusState) {
  let current = initial;
  link.setAnswer((event, payload) => {
    if (event === 'focus-watch') return { ok: true, state: current, minMinutes: 1 };
    if (event === 'focus-control' && payload.action === 'start') {
      current = {
        ...current,
        ...startTimer(FOCUS_DEFAULTS, Date.now()),
        rev: current.rev + 1,
        change: 'start',
        by: { id: 'me', name: 'Meera' },
        participants: [{ ...ME, goal: (payload.goal as never) ?? null, recapDue: false }],
      };
      return { ok: true, state: current };
    }
    if (event === 'focus-control' && payload.action === 'stop') {
      current = { ...current, ...idleTimer(), rev: current.rev + 1, change: 'stop' };
      return { ok: true, state: current };
    }
    if (event === 'focus-recap') {
      current = {
        ...current,
        rev: current.rev + 1,
        change: 'recap',
        participants: [{ ...ME, goal: null, recapDue: false }],
      };
      return { ok: true, state: current };
    }
    return { ok: true, state: current };
  });
  return renderPage(
    <>
      <Toaster />
      <FocusTimer roomId={ROOM} selfId="me" tone="light" />
    </>,
  );
}

describe('FocusTimer', () => {
  it('starts a session with a typed goal, which becomes a task', async () => {
    const user = userEvent.setup();
    show(stateOf({}));
    await user.type(await screen.findByLabelText('Type a goal'), 'Finish the essay outline');
    await user.click(screen.getByRole('button', { name: 'Start focus' }));
    const task = readTasks().find((t) => t.title === 'Finish the essay outline');
    expect(task).toBeDefined();
    const start = link.sent.find((s) => s.event === 'focus-control');
    expect(start?.payload).toMatchObject({
      roomId: ROOM,
      action: 'start',
      goal: { taskId: task!.id, title: 'Finish the essay outline' },
      settings: { focusMin: 25, shortMin: 5, longMin: 15, roundsBeforeLong: 4 },
    });
    expect(await screen.findByRole('timer')).toHaveTextContent(/^(25:00|24:59) left$/);
    expect(screen.getByText('Focus · round 1 of 4')).toBeInTheDocument();
    // Keyboard focus landed on the running view's first control.
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveFocus();
  });

  it('refuses a setting out of range before sending anything', async () => {
    const user = userEvent.setup();
    show(stateOf({}));
    await user.click(await screen.findByText('Timer settings'));
    const focusField = screen.getByLabelText('Focus (minutes)');
    await user.clear(focusField);
    await user.type(focusField, '0');
    await user.click(screen.getByRole('button', { name: 'Start focus' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Focus must be a whole number from 1 to 180 minutes',
    );
    expect(link.sent.filter((s) => s.event === 'focus-control')).toEqual([]);
  });

  it('names whoever paused it, and announces phase changes only', async () => {
    const running = stateOf({
      ...startTimer(FOCUS_DEFAULTS, Date.now()),
      rev: 5,
      change: 'start',
      participants: [{ ...ME, goal: null, recapDue: false }],
    });
    show(running);
    await screen.findByRole('timer');
    const live = screen.getAllByRole('status').find((el) => el.classList.contains('sr-only'))!;
    act(() =>
      link.push({
        ...running,
        rev: 6,
        change: 'pause',
        by: { id: 'u2', name: 'Asha' },
        pausedRemainingMs: 20 * 60_000,
      }),
    );
    expect(await screen.findByText('Asha paused the focus timer.')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('20:00 left, paused');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(live).toHaveTextContent('');
    // An older state arriving late changes nothing.
    act(() => link.push({ ...running, rev: 4 }));
    expect(screen.getByRole('timer')).toHaveTextContent('20:00 left, paused');

    act(() =>
      link.push({
        ...running,
        ...{ phase: 'short-break', durationMs: 5 * 60_000, phaseStartedAt: Date.now() },
        rev: 7,
        change: 'advance',
      }),
    );
    await waitFor(() => expect(live).toHaveTextContent('Short break: 5 minutes.'));
  });

  it('the recap: Done completes the goal’s task through the tasks store', async () => {
    const user = userEvent.setup();
    const task = addTask({ title: 'Past paper 2019' })!;
    show(
      stateOf({
        ...startTimer(FOCUS_DEFAULTS, Date.now()),
        phase: 'short-break',
        durationMs: 5 * 60_000,
        rev: 9,
        participants: [{ ...ME, goal: { taskId: task.id, title: task.title }, recapDue: true }],
      }),
    );
    const recap = await screen.findByRole('group', { name: /Did you finish “Past paper 2019”/ });
    await user.click(within(recap).getByRole('button', { name: 'Done' }));
    expect(readTasks().find((t) => t.id === task.id)).toMatchObject({
      status: 'done',
      completed: true,
    });
    expect(link.sent.at(-1)).toEqual({
      event: 'focus-recap',
      payload: { roomId: ROOM, outcome: 'done' },
    });
    expect(await screen.findByText('Marked “Past paper 2019” done.')).toBeInTheDocument();
  });

  it('Stop asks first: Keep going keeps the session, End session ends it for the room', async () => {
    const user = userEvent.setup();
    show(
      stateOf({
        ...startTimer(FOCUS_DEFAULTS, Date.now()),
        rev: 3,
        change: 'start',
        participants: [{ ...ME, goal: null, recapDue: false }],
      }),
    );
    const stop = await screen.findByRole('button', { name: 'Stop' });
    const controls = () => link.sent.filter((s) => s.event === 'focus-control');

    await user.click(stop);
    const dialog = screen.getByRole('dialog', { name: 'End the focus session for everyone?' });
    expect(within(dialog).getByRole('button', { name: 'Keep going' })).toHaveFocus();
    expect(controls()).toEqual([]);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(controls()).toEqual([]);
    expect(screen.getByRole('timer')).toBeInTheDocument();
    expect(stop).toHaveFocus();

    // Escape is Keep going too.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(controls()).toEqual([]);

    await user.click(stop);
    await user.click(screen.getByRole('button', { name: 'End session' }));
    expect(controls().map((s) => s.payload)).toEqual([{ roomId: ROOM, action: 'stop' }]);
    expect(await screen.findByRole('button', { name: 'Start focus' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('stops following the room’s timer when it closes', async () => {
    const view = show(stateOf({}));
    expect(await screen.findByLabelText('Type a goal')).toBeInTheDocument();
    expect(link.sent.map((s) => s.event)).toContain('focus-watch');
    view.unmount();
    expect(link.sent.at(-1)).toEqual({ event: 'focus-unwatch', payload: { roomId: ROOM } });
  });
});
