import { QueryClient } from '@tanstack/react-query';

/**
 * The one server-state cache. It is imported on demand (by the route wrapper that provides it to
 * pages, and by the auth provider when a token needs checking), never by the app shell, so the
 * landing page does not download TanStack Query's client. Every importer gets this same instance,
 * so a profile fetched by the auth provider is the one the signed-in bar reads.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Most failures here are 4xx answers that a retry will not change; one retry covers blips.
      retry: 1,
      refetchOnWindowFocus: false,
    },
  },
});
