import { useCallback, useEffect, useRef, useState } from 'react';
import {
  applyWatchAction,
  type WatchAction,
  type WatchState,
  type WatchStateEvent,
} from '@studycircle/shared';
import { createServerClock, type ServerClock } from '../../../lib/clock/server-clock';
import { acquireSocket, type AppSocket } from '../../../lib/socket';
import { toast } from '../../../ui/toast';
import { watchToastText } from '../lib/watch-text';

/**
 * A room's video as this tab follows it (packages/shared/src/watch.ts): joins the room's video on
 * the shared socket (again after every reconnect, which also catches up on anything missed while
 * the link was down), keeps the state with the highest revision whatever order states arrive in,
 * and names whoever changed it in a toast. `act` sends a change; until the server answers, the
 * player shows the change as the server will apply it (`shown`), so a click takes effect at once.
 * The room clock comes with it: the timeline is drawn on the server's time.
 */

const ACK_TIMEOUT_MS = 8000;
const JOIN_RETRY_MS = 3000;

export interface WatchRoom {
  /** The stored state; null until the first answer. */
  state: WatchState | null;
  /** What to show: this tab's own change while it is on its way, else the stored state. */
  shown: WatchState | null;
  clock: ServerClock | null;
  /** Why the room's video cannot be followed (not a member, no link), if so. */
  error: string | null;
  act(action: WatchAction): Promise<boolean>;
}

export function useWatchRoom(roomId: string, me: { id: string; name: string }): WatchRoom {
  const [state, setState] = useState<WatchState | null>(null);
  const [pending, setPending] = useState<WatchState | null>(null);
  const [clock, setClock] = useState<ServerClock | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stateRef = useRef<WatchState | null>(null);
  const pendingRef = useRef<WatchState | null>(null);
  const socketRef = useRef<AppSocket | null>(null);
  const clockRef = useRef<ServerClock | null>(null);
  const meRef = useRef(me);
  useEffect(() => {
    meRef.current = me;
  });

  /** Keeps `next` if it is newer than what is held; true when it was. */
  const accept = useCallback((next: WatchState): boolean => {
    const held = stateRef.current;
    if (held && next.rev <= held.rev) return false;
    stateRef.current = next;
    setState(next);
    return true;
  }, []);

  useEffect(() => {
    const { socket, release } = acquireSocket();
    const created = createServerClock(socket);
    socketRef.current = socket;
    clockRef.current = created;
    setClock(created);
    stateRef.current = null;
    setState(null);
    setError(null);
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const join = async () => {
      clearTimeout(retry);
      try {
        const answer = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('watch-join', { roomId });
        if (stopped) return;
        if (answer.ok) {
          setError(null);
          accept(answer.state);
        } else if (answer.code === 'RATE_LIMITED') {
          retry = setTimeout(() => void join(), JOIN_RETRY_MS);
        } else {
          setError(answer.message);
        }
      } catch {
        // No answer in time: try again while the link is up (a reconnect joins anyway).
        if (!stopped && socket.connected) retry = setTimeout(() => void join(), JOIN_RETRY_MS);
      }
    };
    const onState = ({ roomId: from, state: next }: WatchStateEvent) => {
      if (from !== roomId || !accept(next)) return;
      // The actor's own tabs know what they did; everyone else is told who did it.
      const text = next.by?.id === meRef.current.id ? undefined : watchToastText(next);
      if (text) toast(text, { key: 'watch' });
    };
    const onConnect = () => void join();
    socket.on('watch-state', onState);
    socket.on('connect', onConnect);
    if (socket.connected) void join();

    return () => {
      stopped = true;
      clearTimeout(retry);
      socket.off('watch-state', onState);
      socket.off('connect', onConnect);
      if (socket.connected) socket.emit('watch-leave', { roomId }, () => undefined);
      created.stop();
      clockRef.current = null;
      socketRef.current = null;
      release();
    };
  }, [roomId, accept]);

  const act = useCallback(
    async (action: WatchAction): Promise<boolean> => {
      const socket = socketRef.current;
      const base = pendingRef.current ?? stateRef.current;
      if (!socket || !base) return false;
      const serverNow = clockRef.current?.now() ?? Date.now();
      const predicted = applyWatchAction(base, action, serverNow, meRef.current);
      pendingRef.current = predicted;
      setPending(predicted);
      let ok = false;
      try {
        const answer = await socket
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck('watch-action', { roomId, action });
        if (answer.ok) {
          accept(answer.state);
          ok = true;
        } else {
          toast(answer.message, { tone: 'error', key: 'watch' });
        }
      } catch {
        toast('Could not reach the room. Check your connection and try again.', {
          tone: 'error',
          key: 'watch',
        });
      } finally {
        // A later action of this tab's may have replaced the preview; that one clears its own.
        if (pendingRef.current === predicted) {
          pendingRef.current = null;
          setPending(null);
        }
      }
      return ok;
    },
    [roomId, accept],
  );

  return { state, shown: pending ?? state, clock, error, act };
}
