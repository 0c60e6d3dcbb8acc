import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Strict security headers, in two sets: one for pages and everything else a browser may open as a
 * document, one for the API's replies (below). The pages' CSP allows only our own origin for
 * scripts, styles and connections (same-origin websockets included), images from data/blob URLs
 * and https (avatars), and media from blob URLs (camera and remote WebRTC streams) and from any
 * http(s) link (a video watched together, decision 0033). Camera and microphone may be used by our
 * own pages only. No page may be framed (CSP frame-ancestors 'none', and X-Frame-Options
 * DENY for browsers that predate it), and no API reply is stored by a browser or a shared cache.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      // React and the design system set a few style attributes (e.g. animation delays).
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // Watch together plays a link any member pastes (decision 0033): a video file on any http
      // or https host. Only media widens; scripts, styles, connections and frames stay ours.
      mediaSrc: ["'self'", 'blob:', 'https:', 'http:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // HSTS only means something over HTTPS; a reverse proxy terminating TLS sends it through.
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Helmet's default is SAMEORIGIN, which would contradict frame-ancestors 'none'.
  frameguard: { action: 'deny' },
};

/**
 * The headers helmet sets for these options, worked out once. Every value above is fixed (no
 * nonce, nothing per request), so every reply gets the same headers; @fastify/helmet instead
 * rebuilt helmet's whole middleware for each request (parsing the CSP directives again), a tenth
 * of the server's CPU on a profile read (docs/decisions/0029-request-overhead.md).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    // Helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader() {},
  };
  helmet(options)(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    (err?: unknown) => {
      if (err) throw err;
    },
  );
  return headers;
}

const PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...helmetHeaders(HELMET_OPTIONS),
  'permissions-policy':
    'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=()',
};

/**
 * What an API reply carries: JSON (or a file route's bytes, which set their own CSP) that nothing
 * may run, load, frame or read from another origin, whose type the browser must not guess, over
 * HTTPS remembered, kept by no cache (a route that wants caching sets its own Cache-Control).
 * OWASP's set for REST services. The pages' other headers (COOP, Origin-Agent-Cluster, the
 * referrer and permissions policies, DNS prefetch, IE's download and XSS switches) govern a
 * document and what it loads, and a JSON reply is neither: on every API call they were 700 bytes
 * more than the profile itself, written by the server and read by a phone (decision 0036).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': PAGE_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** API paths by their raw URL (the route-keyed `no-store` below covers an encoded `/api/`). */
const isApiUrl = (url: string) => url.startsWith('/api/');

function noStoreUnlessSet(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload: unknown) => void,
) {
  if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  done(null, payload);
}

export default fp(
  async function securityPlugin(app: FastifyInstance) {
    // Set on the reply's own header list (written in one go with the status line), before any
    // route runs, so errors and 404s carry them too. A callback hook: no promise per request.
    app.addHook(
      'onRequest',
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        reply.headers(isApiUrl(request.url) ? API_HEADERS : PAGE_HEADERS);
        done();
      },
    );
    // API replies carry profiles, tokens, member lists and chat: a shared library computer's
    // browser cache or a proxy must not keep them. Every API route gets the header as it is
    // registered, so a new route cannot forget it and errors carry it too; a route that wants
    // caching sets its own header. Keyed on the route, not the request's raw URL, which the
    // router decodes first (`/%61pi/auth/profile` is the profile route too).
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      route.onSend = [...(route.onSend ? [route.onSend].flat() : []), noStoreUnlessSet];
    });
  },
  { name: 'security' },
);
