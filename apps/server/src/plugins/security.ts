import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Strict security headers. The CSP allows only our own origin for scripts, styles and
 * connections (same-origin websockets included), images from data/blob URLs and https (avatars),
 * and media from blob URLs (camera and remote WebRTC streams). Camera and microphone may be used
 * by our own pages only. No page may be framed (CSP frame-ancestors 'none', and X-Frame-Options
 * DENY for browsers that predate it), and no API reply is stored by a browser or a shared cache.
 */
async function noStoreUnlessSet(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  return payload;
}

export default fp(
  async function securityPlugin(app: FastifyInstance) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          // React and the design system set a few style attributes (e.g. animation delays).
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:'],
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
    });
    // API replies carry profiles, tokens, member lists and chat: a shared library computer's
    // browser cache or a proxy must not keep them. Every API route gets the header as it is
    // registered, so a new route cannot forget it and errors carry it too; a route that wants
    // caching sets its own header. Keyed on the route, not the request's raw URL, which the
    // router decodes first (`/%61pi/auth/profile` is the profile route too).
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      route.onSend = [...(route.onSend ? [route.onSend].flat() : []), noStoreUnlessSet];
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header(
        'Permissions-Policy',
        'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=()',
      );
    });
  },
  { name: 'security' },
);
