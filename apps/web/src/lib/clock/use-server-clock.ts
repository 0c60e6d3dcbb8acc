import { useEffect, useState } from 'react';
import { acquireSocket } from '../socket';
import { createServerClock, type ServerClock } from './server-clock';

/**
 * The server clock for a screen that draws a shared timeline (watch together, focus sessions).
 * Holds the shared socket while mounted. Re-renders when the offset is first measured or changes,
 * so a countdown drawn with `clock.now()` corrects itself.
 */
export function useServerClock(): ServerClock | null {
  const [clock, setClock] = useState<ServerClock | null>(null);
  const [, setVersion] = useState(0);
  useEffect(() => {
    const { socket, release } = acquireSocket();
    const created = createServerClock(socket);
    const unsubscribe = created.subscribe(() => setVersion((v) => v + 1));
    setClock(created);
    return () => {
      unsubscribe();
      created.stop();
      release();
    };
  }, []);
  return clock;
}
