import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReplySerializerCompiler } from '../lib/reply-serializer.js';
import { check } from '../lib/validate.js';

/**
 * Schema-first routes (docs/decisions/0048-schema-first-routes.md). Every route under /api
 * declares its params, query, body and replies with the shared Zod schemas (the route files use
 * fastify-type-provider-zod's types, so a handler's input and answer are typed from them); this
 * plugin makes those declarations do the work:
 *
 * - What arrives is checked before the handler runs, with `check` (lib/validate.ts): a failure is
 *   the 400 `{message, error, code}` with the first failing rule's sentence, exactly as when
 *   handlers parsed bodies themselves. Routes authenticate in `preValidation`, so a stranger still
 *   gets the 401 before any 400.
 * - What leaves is written from the reply's schema (lib/reply-serializer.ts): only its fields.
 * - An OpenAPI document of the whole API is generated from the same declarations
 *   (@fastify/swagger), served at `GET /api/openapi.json` when API_DOCS is set (development).
 * - A route under /api that declares no reply, or a path parameter its params schema does not
 *   name, stops start-up: the document and the checks cannot quietly miss it.
 *
 * Registered before any route (its hooks only see routes added after it); `apiRoutes` lists the
 * routes it saw, for the test that holds the document against them.
 */

/** A route of the API as declared: what the OpenAPI document must show. */
export interface ApiRoute {
  method: string;
  url: string;
  /** Path parameter names, in the order of the path. */
  params: string[];
  /** The declared reply statuses (`200`, `201`, `4xx`, ...). */
  statuses: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api, as the schemas plugin saw it declared. */
    apiRoutes: readonly ApiRoute[];
  }
}

export interface SchemasPluginOptions {
  /** Serve the OpenAPI document (config API_DOCS, development only). */
  apiDocs: boolean;
  /** Check every reply written from a schema against JSON.stringify of the same data (tests). */
  checkReplies?: boolean;
}

export const OPENAPI_PATH = '/api/openapi.json';

/** `schema.security` of a signed-in route: the bearer token (the document's `bearer` scheme). */
export const BEARER = [{ bearer: [] }];

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map(String);
}

/**
 * Start-up check of one /api route's declaration; returns what the document must show of it.
 * Throwing here fails `buildApp`, naming the route.
 */
function declaredRoute(route: RouteOptions, method: string): ApiRoute {
  const schema = (route.schema ?? {}) as FastifySchema;
  const where = `${method} ${route.url}`;
  const response = schema.response as Record<string, unknown> | undefined;
  const statuses = Object.keys(response ?? {});
  if (!statuses.some((status) => /^[1-5]\d\d$/.test(status))) {
    throw new Error(`${where}: an /api route declares its replies (schema.response, by status)`);
  }
  const params = pathParams(route.url);
  if (params.length > 0) {
    const declared = schema.params instanceof z.ZodObject ? Object.keys(schema.params.shape) : [];
    const sorted = (list: string[]) => [...list].sort().join(',');
    if (sorted(declared) !== sorted(params)) {
      throw new Error(
        `${where}: schema.params must be a Zod object naming exactly its path parameters (${params.join(', ')})`,
      );
    }
  }
  for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
    const given = schema[part];
    if (given !== undefined && !(given instanceof z.ZodType)) {
      throw new Error(`${where}: schema.${part} must be a shared Zod schema`);
    }
  }
  return { method, url: route.url, params, statuses };
}

export default fp(
  async function schemasPlugin(app: FastifyInstance, options: SchemasPluginOptions) {
    app.setValidatorCompiler<z.ZodType>(({ schema }) => (data) => {
      const checked = check(schema, data);
      return checked.ok ? { value: checked.value } : { error: checked.error };
    });
    app.setSerializerCompiler(
      createReplySerializerCompiler({ checkReplies: options.checkReplies ?? false }),
    );

    const routes: ApiRoute[] = [];
    app.decorate('apiRoutes', routes);
    app.addHook('onRoute', (route) => {
      if (!isApi(route.url) || (route.schema as { hide?: boolean } | undefined)?.hide) return;
      for (const method of methodsOf(route)) {
        // Fastify adds a HEAD beside each GET; the GET is the one declared.
        if (method === 'HEAD') continue;
        routes.push(declaredRoute(route, method));
      }
    });

    const zodTransform = createJsonSchemaTransform({ skipList: [] });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'StudyCircle API',
          version: '1.0.0',
          description:
            'The JSON API under /api (docs/architecture.md, "HTTP API"). Errors are ' +
            '`{message, error, code}`; signed-in routes take `Authorization: Bearer <token>`.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      // The pages and static files share the server but are not the API.
      transform: (input) =>
        isApi(input.url) ? zodTransform(input) : { schema: { hide: true }, url: input.url },
      transformObject: jsonSchemaTransformObject,
    });

    if (options.apiDocs) {
      app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
    }
  },
  { name: 'schemas', dependencies: ['errors'] },
);
