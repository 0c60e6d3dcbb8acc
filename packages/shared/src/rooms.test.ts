import { describe, expect, it } from 'vitest';
import {
  ChangeMemberRoleInputSchema,
  CreateInvitationInputSchema,
  CreateRoomInputSchema,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_PATTERN,
  JoinRoomInputSchema,
  ListRoomsQuerySchema,
  looksLikeJoinCode,
  looksLikeRoomId,
  normaliseJoinCode,
  normaliseTags,
  OBJECT_ID_PATTERN,
  ROOM_LIMITS,
  ROOM_MESSAGES,
  RoomSchema,
  UpdateRoomInputSchema,
} from './rooms.js';

const firstMessage = (schema: { safeParse(v: unknown): unknown }, input: unknown) => {
  const result = schema.safeParse(input) as
    { success: true } | { success: false; error: { issues: { message: string }[] } };
  return result.success ? null : result.error.issues[0]?.message;
};

describe('join codes', () => {
  it('normalises typed codes: trimmed, inner spaces dropped, upper-cased', () => {
    expect(normaliseJoinCode('  ab12cd34 ')).toBe('AB12CD34');
    expect(normaliseJoinCode('ab12 cd34')).toBe('AB12CD34');
  });

  it.each(['abc123', 'ABCDEF', 'abcdefghijkl', ' xy98zt '])('accepts %s', (code) => {
    expect(looksLikeJoinCode(code)).toBe(true);
  });

  it.each(['', 'abc12', 'abcdefghijklm', 'ab-123', 'ab_1234', 'çaaaaa'])('refuses %s', (code) => {
    expect(looksLikeJoinCode(code)).toBe(false);
  });

  it('generates only from an unambiguous alphabet that matches the pattern', () => {
    expect(JOIN_CODE_PATTERN.test(JOIN_CODE_ALPHABET.slice(0, 12))).toBe(true);
    for (const c of '01OIL') expect(JOIN_CODE_ALPHABET).not.toContain(c);
  });

  it('recognises 24-hex ids', () => {
    expect(looksLikeRoomId('0123456789abcdef01234567')).toBe(true);
    expect(OBJECT_ID_PATTERN.test('0123456789abcdef0123456')).toBe(false);
    expect(looksLikeRoomId('zz23456789abcdef01234567')).toBe(false);
  });

  it('join body: empty asks for a code, a malformed one reads as not found', () => {
    expect(JoinRoomInputSchema.parse({ code: ' ab12cd34 ' })).toEqual({ code: 'AB12CD34' });
    expect(firstMessage(JoinRoomInputSchema, { code: '   ' })).toBe('Please enter a room code');
    expect(firstMessage(JoinRoomInputSchema, {})).toBe('Please enter a room code');
    expect(firstMessage(JoinRoomInputSchema, { code: 42 })).toBe('Please enter a room code');
    expect(firstMessage(JoinRoomInputSchema, { code: 'ab!' })).toBe(
      'Room not found or invalid code.',
    );
  });
});

describe('tags', () => {
  it('trims, drops empties and duplicates ignoring case, keeps order', () => {
    expect(normaliseTags([' math ', '', 'Physics', 'MATH', 'physics', ' '])).toEqual([
      'math',
      'Physics',
    ]);
    expect(normaliseTags('a, b,,a ,c')).toEqual(['a', 'b', 'c']);
  });
});

describe('CreateRoomInputSchema', () => {
  it('applies the defaults: private, 50 members, no tags', () => {
    expect(CreateRoomInputSchema.parse({ name: ' Algebra ', subject: 'Math' })).toEqual({
      name: 'Algebra',
      subject: 'Math',
      description: '',
      isPrivate: true,
      maxMembers: 50,
      tags: [],
    });
  });

  it('asks for the name first, then the subject', () => {
    expect(firstMessage(CreateRoomInputSchema, {})).toBe('Room name is required');
    expect(firstMessage(CreateRoomInputSchema, { name: '  ', subject: '' })).toBe(
      'Room name is required',
    );
    expect(firstMessage(CreateRoomInputSchema, { name: 'A' })).toBe('Subject is required');
    expect(firstMessage(CreateRoomInputSchema, { name: 'A', subject: ' ' })).toBe(
      'Subject is required',
    );
  });

  it('reads visibility or isPrivate and refuses a contradiction', () => {
    const base = { name: 'A', subject: 'B' };
    expect(CreateRoomInputSchema.parse({ ...base, visibility: 'public' }).isPrivate).toBe(false);
    expect(CreateRoomInputSchema.parse({ ...base, isPrivate: false }).isPrivate).toBe(false);
    expect(CreateRoomInputSchema.parse({ ...base, visibility: 'private' }).isPrivate).toBe(true);
    expect(firstMessage(CreateRoomInputSchema, { ...base, visibility: 'secret' })).toBe(
      ROOM_MESSAGES.visibilityInvalid,
    );
    expect(
      firstMessage(CreateRoomInputSchema, { ...base, visibility: 'public', isPrivate: true }),
    ).toBe(ROOM_MESSAGES.visibilityConflict);
    expect(firstMessage(CreateRoomInputSchema, { ...base, isPrivate: 'yes' })).toBe(
      ROOM_MESSAGES.isPrivateInvalid,
    );
  });

  it.each([1, 501, 2.5, 'lots', null, -3])('refuses maxMembers %s', (maxMembers) => {
    expect(firstMessage(CreateRoomInputSchema, { name: 'A', subject: 'B', maxMembers })).toBe(
      ROOM_MESSAGES.maxMembersInvalid,
    );
  });

  it('accepts maxMembers bounds and numeric text', () => {
    const parse = (maxMembers: unknown) =>
      CreateRoomInputSchema.parse({ name: 'A', subject: 'B', maxMembers }).maxMembers;
    expect(parse(2)).toBe(2);
    expect(parse(500)).toBe(500);
    expect(parse('25')).toBe(25);
  });

  it('caps tags in number and length', () => {
    const base = { name: 'A', subject: 'B' };
    const eleven = Array.from({ length: 11 }, (_, i) => `t${i}`);
    expect(firstMessage(CreateRoomInputSchema, { ...base, tags: eleven })).toBe(
      ROOM_MESSAGES.tooManyTags,
    );
    // Duplicates do not count against the cap.
    expect(
      CreateRoomInputSchema.parse({ ...base, tags: [...eleven.slice(0, 10), 'T0'] }).tags,
    ).toHaveLength(10);
    expect(firstMessage(CreateRoomInputSchema, { ...base, tags: ['x'.repeat(31)] })).toBe(
      ROOM_MESSAGES.tagTooLong,
    );
    expect(firstMessage(CreateRoomInputSchema, { ...base, tags: [1, 2] })).toBe(
      ROOM_MESSAGES.tagsInvalid,
    );
  });

  it('caps the name length', () => {
    expect(
      firstMessage(CreateRoomInputSchema, {
        name: 'x'.repeat(ROOM_LIMITS.nameMax + 1),
        subject: 'B',
      }),
    ).toBe(ROOM_MESSAGES.nameTooLong);
  });
});

describe('UpdateRoomInputSchema', () => {
  it('keeps only what was sent', () => {
    expect(UpdateRoomInputSchema.parse({ status: 'break' })).toEqual({ status: 'break' });
    expect(UpdateRoomInputSchema.parse({ visibility: 'public', tags: 'a,a' })).toEqual({
      isPrivate: false,
      tags: ['a'],
    });
  });

  it('refuses empty updates, unknown fields and bad values', () => {
    expect(firstMessage(UpdateRoomInputSchema, {})).toBe(ROOM_MESSAGES.nothingToUpdate);
    expect(firstMessage(UpdateRoomInputSchema, { code: 'ABCDEF' })).toMatch(/code/);
    expect(firstMessage(UpdateRoomInputSchema, { status: 'sleeping' })).toBe(
      ROOM_MESSAGES.statusInvalid,
    );
    expect(firstMessage(UpdateRoomInputSchema, { name: '' })).toBe('Room name is required');
  });
});

describe('invitations and roles', () => {
  it('lower-cases the email and defaults the role to member', () => {
    expect(CreateInvitationInputSchema.parse({ email: ' Asha@Example.COM ' })).toEqual({
      email: 'asha@example.com',
      role: 'member',
    });
  });

  it('refuses missing or bad emails and the owner role', () => {
    expect(firstMessage(CreateInvitationInputSchema, {})).toBe('Email is required');
    expect(firstMessage(CreateInvitationInputSchema, { email: 'nope' })).toBe(
      'Please enter a valid email address',
    );
    expect(firstMessage(CreateInvitationInputSchema, { email: 'a@b.co', role: 'owner' })).toBe(
      ROOM_MESSAGES.roleInvalid,
    );
    expect(firstMessage(ChangeMemberRoleInputSchema, { role: 'owner' })).toBe(
      ROOM_MESSAGES.roleInvalid,
    );
    expect(ChangeMemberRoleInputSchema.parse({ role: 'admin' })).toEqual({ role: 'admin' });
  });
});

describe('ListRoomsQuerySchema', () => {
  it('defaults and coerces query text', () => {
    expect(ListRoomsQuerySchema.parse({})).toEqual({ scope: 'all', limit: 50 });
    expect(ListRoomsQuerySchema.parse({ limit: '10', status: 'all', q: ' x ' })).toEqual({
      scope: 'all',
      limit: 10,
      q: 'x',
      status: undefined,
    });
    expect(firstMessage(ListRoomsQuerySchema, { limit: '1000' })).toMatch(/Limit/);
    expect(firstMessage(ListRoomsQuerySchema, { scope: 'everyone' })).toMatch(/Scope/);
  });
});

describe('RoomSchema', () => {
  it('describes what the API returns', () => {
    const id = '0123456789abcdef01234567';
    expect(
      RoomSchema.safeParse({
        id,
        _id: id,
        name: 'A',
        code: 'ABCD2345',
        slug: 'a-abcd2345',
        subject: 'B',
        description: '',
        visibility: 'private',
        isPrivate: true,
        members: 1,
        maxMembers: 50,
        status: 'active',
        tags: [],
        createdAt: new Date().toISOString(),
        ownerId: id,
        userRole: 'owner',
        isMember: true,
        joinedAt: new Date().toISOString(),
      }).success,
    ).toBe(true);
  });
});
