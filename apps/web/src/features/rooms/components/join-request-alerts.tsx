import { useJoinRequestAlerts } from '../hooks/use-join-request-alerts';

/**
 * Listens for requests to join and their answers on every signed-in screen. Nothing to see: the
 * toasts say it; the hidden mark tells whether the live link is up (browser tests wait for it).
 */
export function JoinRequestAlerts() {
  const listening = useJoinRequestAlerts();
  return <span hidden data-join-request-alerts={listening ? 'listening' : 'waiting'} />;
}
