import { Navigate, useLocation } from 'react-router';
import { Compass } from 'lucide-react';
import { ErrorFrame } from './route-error';

/**
 * Any other path goes to /dashboard/rooms (docs/product.md §2.2). If that target is itself unknown
 * to the router (its page is not registered), redirecting again would loop, so a not-found page
 * shows. Loaded lazily (router.tsx): only a mistyped path needs it, not the landing page.
 */
export function UnknownRoute() {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '').toLowerCase() !== '/dashboard/rooms') {
    return <Navigate to="/dashboard/rooms" replace />;
  }
  return (
    <ErrorFrame
      title="Page not found"
      body="We couldn't find that page. It may have moved, or the link may be mistyped."
      icon={<Compass aria-hidden="true" className="h-7 w-7" />}
      showReload={false}
      standalone={false}
    />
  );
}
