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
 * Strict security headers. The CSP allows only our own origin for scripts, styles and
 * connections (same-origin websockets included), images from data/blob URLs and https (avatars),
 * and media from blob URLs (camera and remote WebRTC streams) and from any http(s) link (a video
 * watched together, decision 0033). Camera and microphone may be used
 * by our own pages only. No page may be framed (CSP frame-ancestors 'none', and X-Frame-Options
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

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...helmetHeaders(HELMET_OPTIONS),
  'permissions-policy':
    'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=()',
};

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
      (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        reply.headers(SECURITY_HEADERS);
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
