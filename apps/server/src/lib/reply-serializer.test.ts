import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RoomListResponseSchema, UserSchema } from '@studycircle/shared';
import { createReplySerializerCompiler, replyJsonSchema } from './reply-serializer.js';

/** Replies written from their schema: only the schema's fields, and checked in tests. */

const compile = (schema: z.ZodType, checkReplies = false) =>
  createReplySerializerCompiler({ checkReplies })({
    schema,
    method: 'GET',
    url: '/api/things',
    httpStatus: '200',
  });

const Thing = z.object({
  id: z.string(),
  note: z.string().nullable(),
  role: z.enum(['owner', 'member']).nullable(),
  email: z.string().optional(),
  count: z.number().int(),
});

describe('a reply written from its schema', () => {
  it('carries only the schema’s fields: whatever else a handler returns stays on the server', () => {
    const write = compile(Thing);
    const row = { id: 'a', note: null, role: 'owner', count: 2, passwordHash: 'scrypt$secret' };
    expect(JSON.parse(write(row))).toEqual({ id: 'a', note: null, role: 'owner', count: 2 });
  });

  it('writes nullable fields as null or their value, and leaves an absent optional out', () => {
    const write = compile(Thing, true);
    expect(write({ id: 'a', note: 'hi', role: null, count: 1 })).toBe(
      JSON.stringify({ id: 'a', note: 'hi', role: null, count: 1 }),
    );
    expect(
      JSON.parse(write({ id: 'b', note: null, role: 'member', email: 'e@x', count: 0 })),
    ).toEqual({ id: 'b', note: null, role: 'member', email: 'e@x', count: 0 });
  });

  it('folds a nullable field into one type list (no per-value branch validation)', () => {
    const json = replyJsonSchema(Thing) as { properties: Record<string, unknown> };
    expect(json.properties.note).toEqual({ type: ['string', 'null'] });
    expect(json.properties.role).toMatchObject({ type: ['string', 'null'] });
  });

  it('writes a page of rooms exactly as JSON.stringify does', () => {
    const room = {
      id: 'a'.repeat(24),
      _id: 'a'.repeat(24),
      name: 'Linear "Algebra" </script>',
      code: 'ABC234',
      slug: 'linear-algebra-abc234',
      subject: 'Math',
      description: 'Line one\nline two \u2028',
      visibility: 'public',
      isPrivate: false,
      members: 3,
      maxMembers: 50,
      status: 'active',
      tags: ['exam', 'week1'],
      createdAt: '2026-01-01T00:00:00.000Z',
      ownerId: 'b'.repeat(24),
      userRole: null,
      isMember: false,
      joinedAt: null,
    };
    const page = {
      rooms: [room, { ...room, userRole: 'owner', isMember: true, joinedAt: room.createdAt }],
      nextCursor: null,
    };
    expect(JSON.parse(compile(RoomListResponseSchema, true)(page))).toEqual(page);
  });

  describe('in tests (checkReplies), a schema that would change the reply fails it, naming the route', () => {
    it('a field the handler returns and the schema leaves out', () => {
      const write = compile(Thing, true);
      expect(() => write({ id: 'a', note: null, role: null, count: 1, extra: true })).toThrow(
        /GET \/api\/things: the 200 reply written from its schema differs/,
      );
    });

    it('a value the schema would write differently (a null where text is due)', () => {
      const write = compile(UserSchema, true);
      const user = {
        id: 'u',
        _id: 'u',
        name: 'N',
        email: 'e',
        phone: null,
        location: '',
        bio: '',
        profilePic: '',
        university: '',
        major: '',
        yearOfStudy: '',
        createdAt: 'x',
        emailVerified: false,
      };
      expect(() => write(user)).toThrow(/differs/);
      // Without the check the same schema writes "" for that null: what the check is for.
      expect(JSON.parse(compile(UserSchema)(user)).phone).toBe('');
    });
  });
});
