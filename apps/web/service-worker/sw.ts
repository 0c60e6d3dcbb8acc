/// <reference lib="webworker" />
/**
 * The app's service worker (docs/decisions/0060-service-worker.md): it keeps one version of the
 * built app (the shell, the prerendered public pages, every chunk and stylesheet, the icons) in
 * the Cache Storage, so a page opens, reloads and moves between routes with no network at all.
 * Only navigations and those static files are its business: the API (`/api/`, the room notes'
 * `/api/collab` included) and the live link (`/socket.io/`) always go to the network as if it
 * were not there, so a request that fails offline fails as it would without it, and the pages'
 * own offline handling (the sync queue, the session check, the chat outbox) decides what to do.
 *
 * Built by apps/web/vite/service-worker.mjs after the prerender, which puts the precache list in
 * place of __PRECACHE_MANIFEST__: every file's URL with a revision (hashed file names carry theirs
 * in the name), so the worker's own bytes change with every build that changes a file, and the
 * browser sees a new version. A new version installs beside the old one and waits; the page asks
 * the student (lib/app-worker.ts) and sends SKIP_WAITING, so a page never runs an old index.html
 * against new chunks, or the reverse.
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE_MANIFEST__: (string | PrecacheEntry)[];

/** Chrome's static routing (Chrome 123+): requests the worker is never even started for. */
interface StaticRoutingInstallEvent extends ExtendableEvent {
  addRoutes?: (rules: { condition: { urlPattern: unknown }; source: 'network' }[]) => Promise<void>;
}
declare const URLPattern: (new (init: { pathname: string }) => unknown) | undefined;

/** Paths the worker leaves to the network, whatever kind of request. */
const NETWORK_ONLY = [/^\/api(\/|\?|$)/, /^\/socket\.io(\/|\?|$)/];

self.addEventListener('install', (event: StaticRoutingInstallEvent) => {
  // Where the browser supports it, API and socket requests skip the worker altogether (no start-up
  // cost, and no fetch handler in their path); elsewhere the routes below simply never match them.
  if (!event.addRoutes || typeof URLPattern !== 'function') return;
  event.waitUntil(
    event
      .addRoutes(
        ['/api/*', '/socket.io/*'].map((pathname) => ({
          condition: { urlPattern: new URLPattern({ pathname }) },
          source: 'network' as const,
        })),
      )
      .catch(() => undefined),
  );
});

// The precached files answer their own URLs; a query string (a link's ?redirect=, a campaign tag)
// does not change which file a path gets, as on the server (plugins/spa.ts).
precacheAndRoute(__PRECACHE_MANIFEST__, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();

// Any other page of the app gets the shell, as the server's catch-all sends it; the prerendered
// public pages are precached under their own paths above. Paths with a file extension are missing
// files to the server (a 404), so the worker does not answer them with the shell either.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [...NETWORK_ONLY, /^[^?]*\.[a-z0-9]+(\?.*)?$/i],
  }),
);

// The page sends this once the student chose to reload into the new version.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes over the page that registered it, so the chunks it loads from then on
// come from the cache and it works offline without a reload. (An update only activates when asked.)
clientsClaim();
