import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Strict security headers. The CSP allows only our own origin for scripts, styles and
 * connections (same-origin websockets included), images from data/blob URLs and https (avatars),
 * and media from blob URLs (camera and remote WebRTC streams). Camera and microphone may be used
 * by our own pages only.
 */
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
