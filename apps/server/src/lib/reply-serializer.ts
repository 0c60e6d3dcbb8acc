import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Replies written from their route's shared Zod schema (docs/decisions/0048-schema-first-routes.md):
 * each declared reply is turned into a JSON Schema once, at start-up, and compiled by
 * fast-json-stringify (Fastify's own serializer for JSON Schema routes) into a function that
 * writes exactly the schema's fields. A field the schema does not name never leaves the server,
 * whatever a handler returns, and the writer costs less than `JSON.stringify` of the same object.
 *
 * fast-json-stringify trusts its input: it does not check values, it writes them as the schema
 * says (a null where a string is due comes out as ""; a missing required field throws). So in
 * tests (`checkReplies`) every reply is also written with `JSON.stringify` and the two must read
 * the same: a schema that would drop, add or change anything a handler returns fails the test
 * that sent the request, with the route and the difference named.
 */

type JsonSchema = Record<string, unknown>;

/**
 * The reply schema as fast-json-stringify reads it: what the schema outputs (after transforms),
 * draft-07, everything inlined. A nullable value comes out of Zod as `anyOf: [X, {type: 'null'}]`,
 * which fast-json-stringify can only resolve by validating each value against both branches with
 * Ajv; it is folded into `type: [X's type, 'null']`, which it writes with a null check.
 */
export function replyJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema;
  delete json.$schema;
  return foldNullable(json) as JsonSchema;
}

function foldNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(foldNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = foldNullable(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const rest = anyOf.filter(
      (branch) => !(branch.type === 'null' && Object.keys(branch).length === 1),
    );
    const only = rest[0];
    if (rest.length === 1 && only && typeof only.type === 'string' && only.anyOf === undefined) {
      delete out.anyOf;
      return { ...out, ...only, type: [only.type, 'null'] };
    }
  }
  return out;
}

export interface ReplySerializerOptions {
  /** Also write each reply with JSON.stringify and fail when the two differ (tests). */
  checkReplies?: boolean;
}

export function createReplySerializerCompiler({
  checkReplies = false,
}: ReplySerializerOptions = {}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof z.ZodType)) {
      throw new Error(`${method} ${url}: reply ${httpStatus} must be declared with a Zod schema`);
    }
    const write = fastJson(replyJsonSchema(schema));
    if (!checkReplies) return write;
    return (data: unknown) => {
      const written = write(data);
      const plain = JSON.stringify(data);
      const expected: unknown = plain === undefined ? undefined : JSON.parse(plain);
      const actual: unknown = JSON.parse(written);
      if (!isDeepStrictEqual(actual, expected)) {
        const message =
          `${method} ${url}: the ${httpStatus} reply written from its schema differs from what ` +
          `the handler returned.\n  schema wrote: ${written}\n  handler gave: ${plain}`;
        // The test sees a 500 whose text is hidden (plugins/errors.ts); this says why.
        process.stderr.write(`${message}\n`);
        throw new Error(message);
      }
      return written;
    };
  };
}
