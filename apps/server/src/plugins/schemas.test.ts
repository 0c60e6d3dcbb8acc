import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { ERROR_REPLIES, OkResponseSchema, RoomParamsSchema } from '@studycircle/shared';
import { http, startTestApp, type TestApp } from '../test/app.js';
import errorsPlugin from './errors.js';
import schemasPlugin, { OPENAPI_PATH } from './schemas.js';

/**
 * The OpenAPI document against the routes (docs/decisions/0048-schema-first-routes.md): every
 * /api route the server registers is in it with its methods, path parameters and reply statuses,
 * and the document is valid OpenAPI 3.1 (served here with API_DOCS; spa.test.ts checks it is not
 * without). Also: a route that declares no reply or leaves a path parameter out stops start-up.
 */

type Operation = {
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, unknown>;
  requestBody?: unknown;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await startTestApp({ env: { API_DOCS: 'true' } });
  const res = await http<Document>(t.baseUrl, 'GET', OPENAPI_PATH);
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => t.close());

/** `/rooms/:id/members/:userId` as OpenAPI writes it: `/rooms/{id}/members/{userId}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Every method and path Fastify's router holds, read from its own listing (`printRoutes`), so
 * the test does not take the schemas plugin's word for which routes exist.
 */
function routerRoutes(app: TestApp['app']): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match || line.trim() === '') continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push({ method, url: stack.join('') });
    }
  }
  return routes;
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('holds every /api route of the router, with its methods, path parameters and replies', () => {
    const api = routerRoutes(t.app).filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.url !== OPENAPI_PATH,
    );
    // The router's listing and the plugin's record name the same routes (the router lists the
    // names that one path segment goes by in different routes together, `:id|:roomId`)...
    const key = (r: { method: string; url: string }) =>
      `${r.method} ${r.url.replace(/:\w+(\|:\w+)*/g, ':')}`;
    expect(api.map(key).sort()).toEqual(t.app.apiRoutes.map(key).sort());
    expect(api.length).toBeGreaterThan(40);

    // ...and each is in the document as declared.
    for (const route of t.app.apiRoutes) {
      const label = `${route.method} ${route.url}`;
      const operation = doc.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      expect([label, operation !== undefined]).toEqual([label, true]);
      const pathParams = (operation!.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      expect([label, pathParams.sort()]).toEqual([label, [...route.params].sort()]);
      const statuses = route.statuses.map((s) => s.toUpperCase());
      expect([label, Object.keys(operation!.responses).sort()]).toEqual([label, statuses.sort()]);
    }

    // Nothing else: no page, static file or hidden route leaks into it.
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      t.app.apiRoutes.map((r) => `${r.method} ${openapiPath(r.url)}`).sort(),
    );
  });

  it('describes bodies, queries and replies from the shared schemas', () => {
    const register = doc.paths['/api/auth/register']!.post!;
    expect(JSON.stringify(register.requestBody)).toContain('"password"');
    const created = register.responses['201'] as { content: Record<string, { schema: unknown }> };
    expect(JSON.stringify(created.content['application/json']!.schema)).toContain(
      '"emailVerified"',
    );
    const list = doc.paths['/api/rooms']!.get!;
    expect(list.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['q', 'status', 'scope', 'limit', 'cursor']),
    );
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
  });
});

describe('an /api route that is not schema-first stops start-up', () => {
  async function build(register: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(schemasPlugin, { apiDocs: false });
    try {
      // The check runs as each route is added (Fastify's onRoute hook), before `ready`.
      register(app);
      await app.ready();
      return 'started';
    } catch (err) {
      return (err as Error).message;
    } finally {
      await app.close();
    }
  }

  it('without declared replies', async () => {
    expect(await build((app) => app.get('/api/things', async () => ({})))).toMatch(
      /GET \/api\/things: an \/api route declares its replies/,
    );
  });

  it('with a path parameter its params schema does not name', async () => {
    const message = await build((app) =>
      app.get(
        '/api/rooms/:id/things/:thingId',
        { schema: { params: RoomParamsSchema, response: { 200: OkResponseSchema } } },
        async () => ({ ok: true }),
      ),
    );
    expect(message).toMatch(/schema.params must be a Zod object naming exactly .*id, thingId/);
  });

  it('with a JSON Schema instead of a shared Zod schema', async () => {
    const message = await build((app) =>
      app.post(
        '/api/things',
        {
          schema: {
            body: { type: 'object' },
            response: { 200: OkResponseSchema, ...ERROR_REPLIES },
          },
        },
        async () => ({ ok: true }),
      ),
    );
    expect(message).toMatch(/schema.body must be a shared Zod schema/);
  });

  it('while a declared one starts', async () => {
    expect(
      await build((app) =>
        app.get(
          '/api/things/:id',
          {
            schema: {
              params: z.object({ id: z.string() }),
              response: { 200: OkResponseSchema, ...ERROR_REPLIES },
            },
          },
          async () => ({ ok: true as const }),
        ),
      ),
    ).toBe('started');
  });
});
