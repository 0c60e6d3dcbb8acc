import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';

/**
 * Gives a page (or the signed-in bar) the shared query cache. Loaded lazily with the routes that
 * need it, so TanStack Query stays out of the landing page's initial JavaScript.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
