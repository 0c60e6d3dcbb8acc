import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberPostLoginTarget, useAuth } from '../features/auth';

/**
 * A session ended on another device (docs/product.md §3.8) sends this tab to sign-in at once, from
 * any page: the guard does it for the signed-in routes, this also for the pages open to everyone
 * (Tasks, Resources), where a student left on the page would type into this browser's guest list
 * believing it their account's (docs/decisions/0055-devices-you-can-tell-apart.md). Once, when the
 * news arrives: afterwards the student may go anywhere.
 */
export function SessionEndedRedirect() {
  const { endedElsewhere } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!endedElsewhere || location.pathname === '/login') return;
    rememberPostLoginTarget(`${location.pathname}${location.search}${location.hash}`);
    navigate('/login', { replace: true, state: { from: location } });
    // Only the news itself moves the tab; the page changing later is the student's choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endedElsewhere]);
  return null;
}
