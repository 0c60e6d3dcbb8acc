import { useCallback, useEffect, useRef, useState } from 'react';
import {
  FOCUS_LIMITS,
  timerEndsAt,
  type FocusControlPayload,
  type FocusGoal,
  type FocusResult,
  type FocusSettingsInput,
  type FocusState,
} from '@studycircle/shared/focus';
import type { Ack } from '@studycircle/shared';
import { useServerClock } from '../../../lib/clock/use-server-clock';
import type { ServerClock } from '../../../lib/clock/server-clock';
import { acquireSocket, type AppSocket } from '../../../lib/socket';
import { sendLocalChanges } from '../../../lib/sync/local-changes';
import { toast } from '../../../ui/toast';

/**
 * A room's focus timer as this page sees it (docs/decisions/0034-focus-sessions.md): watches it
 * over the shared socket (again after every reconnect, which may land on another node or a
 * restarted server), keeps the state with the highest revision, and sends the controls. The
 * countdown is drawn from the server clock, so every member sees the same time left.
 *
 * `onChange(prev, next)` runs once for each newer state after the first (toasts, the chime, the
 * live region); never for the state a page opens with.
 */

const ANSWER_TIMEOUT_MS = 10_000;
/** A phase end whose new state has not arrived this long after it is asked for again. */
const LATE_STATE_MS = 2_000;
/**
 * How long a stated goal waits for its task to reach the server: the server accepts only a goal
 * that names one of the student's synced tasks, and a typed goal was made a task a moment ago.
 */
const GOAL_SYNC_MS = 5_000;

export const FOCUS_NO_ANSWER = 'The timer did not answer. Check your connection and try again.';

export type ControlAction =
  | { action: 'start'; settings?: FocusSettingsInput; goal?: FocusGoal | null }
  | { action: 'pause' | 'resume' | 'stop' }
  | { action: 'skip'; phase: 'focus' | 'short-break' | 'long-break'; round: number };

export interface FocusRoom {
  state: FocusState | null;
  clock: ServerClock | null;
  /** The shortest phase this server takes, in minutes (1; less on a test server). */
  minMinutes: number;
  /** Why the timer could not be shown (the server's sentence), or null. */
  error: string | null;
  /** The action waiting for its answer, if any. */
  pending: string | null;
  control(action: ControlAction): Promise<boolean>;
  join(goal: FocusGoal | null | undefined): Promise<boolean>;
  leave(): Promise<boolean>;
  recap(outcome: 'done' | 'carry'): Promise<boolean>;
}

export function useFocusRoom(
  roomId: string,
  onChange: (prev: FocusState, next: FocusState) => void,
): FocusRoom {
  const clock = useServerClock();
  const [state, setState] = useState<FocusState | null>(null);
  const [minMinutes, setMinMinutes] = useState<number>(FOCUS_LIMITS.minMinutes);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const latest = useRef<FocusState | null>(null);
  const socketRef = useRef<AppSocket | null>(null);
  const watchRef = useRef<() => void>(() => undefined);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  /** Keeps `next` if it is newer than what this page has: the higher revision wins. */
  const accept = useCallback(
    (next: FocusState) => {
      if (next.roomId !== roomId) return;
      const prev = latest.current;
      if (prev && next.rev <= prev.rev) return;
      latest.current = next;
      setState(next);
      if (prev) onChangeRef.current(prev, next);
    },
    [roomId],
  );

  useEffect(() => {
    const { socket, release } = acquireSocket();
    socketRef.current = socket;
    let alive = true;
    latest.current = null;
    const watch = async () => {
      try {
        const answer = await socket
          .timeout(ANSWER_TIMEOUT_MS)
          .emitWithAck('focus-watch', { roomId });
        if (!alive) return;
        if (answer.ok) {
          setMinMinutes(answer.minMinutes);
          setError(null);
          accept(answer.state);
        } else {
          setError(answer.message);
        }
      } catch {
        // No answer: the next (re)connect watches again.
      }
    };
    watchRef.current = () => void watch();
    const onState = (next: FocusState) => accept(next);
    // Connected again (a dropped link, a restarted server, another node): the room's channel
    // is joined anew and the state read afresh, with any phase that ended meanwhile.
    const onConnect = () => void watch();
    socket.on('focus-state', onState);
    socket.on('connect', onConnect);
    if (socket.connected) void watch();
    return () => {
      alive = false;
      socket.off('focus-state', onState);
      socket.off('connect', onConnect);
      if (socket.connected) socket.emit('focus-unwatch', { roomId }, () => undefined);
      socketRef.current = null;
      watchRef.current = () => undefined;
      release();
    };
  }, [roomId, accept]);

  // Every node ends a phase on time; should its state not arrive (a dropped link at that very
  // moment), asking again makes the server catch up.
  useEffect(() => {
    const endsAt = state ? timerEndsAt(state) : null;
    if (endsAt === null || !clock) return;
    const rev = state?.rev;
    const timer = window.setTimeout(
      () => {
        if (latest.current?.rev === rev) watchRef.current();
      },
      Math.max(0, endsAt - clock.now()) + LATE_STATE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [state, clock]);

  const send = useCallback(
    async (
      key: string,
      emit: (socket: AppSocket) => Promise<Ack<FocusResult>>,
      goal?: FocusGoal | null,
    ) => {
      const socket = socketRef.current;
      if (!socket) return false;
      setPending(key);
      try {
        if (goal) await sendLocalChanges(GOAL_SYNC_MS);
        const answer = await emit(socket);
        if (answer.ok) {
          accept(answer.state);
          return true;
        }
        toast(answer.message, { tone: 'error', key: 'focus-error' });
        return false;
      } catch {
        toast(FOCUS_NO_ANSWER, { tone: 'error', key: 'focus-error' });
        return false;
      } finally {
        setPending(null);
      }
    },
    [accept],
  );

  const control = useCallback(
    (action: ControlAction) =>
      send(
        action.action,
        (socket) =>
          socket
            .timeout(ANSWER_TIMEOUT_MS)
            .emitWithAck('focus-control', { roomId, ...action } as FocusControlPayload),
        action.action === 'start' ? action.goal : undefined,
      ),
    [roomId, send],
  );
  const join = useCallback(
    (goal: FocusGoal | null | undefined) =>
      send(
        'join',
        (socket) =>
          socket
            .timeout(ANSWER_TIMEOUT_MS)
            .emitWithAck('focus-join', goal === undefined ? { roomId } : { roomId, goal }),
        goal,
      ),
    [roomId, send],
  );
  const leave = useCallback(
    () =>
      send('leave', (socket) =>
        socket.timeout(ANSWER_TIMEOUT_MS).emitWithAck('focus-leave', { roomId }),
      ),
    [roomId, send],
  );
  const recap = useCallback(
    (outcome: 'done' | 'carry') =>
      send(outcome, (socket) =>
        socket.timeout(ANSWER_TIMEOUT_MS).emitWithAck('focus-recap', { roomId, outcome }),
      ),
    [roomId, send],
  );

  return { state, clock, minMinutes, error, pending, control, join, leave, recap };
}
