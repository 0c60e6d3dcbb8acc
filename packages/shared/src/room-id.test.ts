import { describe, expect, it } from 'vitest';
import {
  RoomIdParamSchema,
  RoomIdSchema,
  linkNamesRoom,
  normaliseRoomId,
  readRoomKey,
  roomIdField,
} from './room-id.js';
import { JoinRoomPayloadSchema, RoomsPresenceQuerySchema } from './realtime.js';
import { FocusRoomPayloadSchema } from './focus.js';
import { WorkspaceParamsSchema } from './http.js';

const ID = '0123456789abcdef01234567';
const UPPER = ID.toUpperCase();

describe('the room-id field', () => {
  it('reads an id in capitals or with spaces around as the lower-case id', () => {
    expect(normaliseRoomId(`  ${UPPER} `)).toBe(ID);
    expect(RoomIdSchema.parse(` ${UPPER}`)).toBe(ID);
    expect(JoinRoomPayloadSchema.parse({ roomId: UPPER, name: 'n' }).roomId).toBe(ID);
    expect(FocusRoomPayloadSchema.parse({ roomId: UPPER }).roomId).toBe(ID);
    expect(RoomsPresenceQuerySchema.parse({ ids: `${UPPER},${ID}` }).ids).toEqual([ID, ID]);
  });

  it('refuses what is not a room id with the payload message', () => {
    for (const bad of ['nope', `${ID}0`, 'zz23456789abcdef01234567', 42]) {
      const result = RoomIdSchema.safeParse(bad);
      expect(result.success ? null : result.error.issues[0]?.message).toBe(
        'roomId must be a room id',
      );
    }
    const list = roomIdField('ids must be room ids').safeParse('x');
    expect(list.success ? null : list.error.issues[0]?.message).toBe('ids must be room ids');
  });

  it('lower-cases a path parameter but leaves refusing it to the module (its 404)', () => {
    expect(RoomIdParamSchema.parse(UPPER)).toBe(ID);
    expect(RoomIdParamSchema.parse('Not-An-Id')).toBe('not-an-id');
    expect(WorkspaceParamsSchema.parse({ roomId: UPPER })).toEqual({ roomId: ID });
  });
});

describe('reading a room link', () => {
  it('tells an id, a join code and a slug apart, each normalised', () => {
    expect(readRoomKey(UPPER)).toEqual({ id: ID });
    expect(readRoomKey(' abc 234 ')).toEqual({ code: 'ABC234' });
    expect(readRoomKey('Calculus-Crew-ABC234')).toEqual({ slug: 'calculus-crew-abc234' });
    for (const nothing of ['', 'x', 'no spaces-in slugs', "'; --", `a-${'b'.repeat(80)}`]) {
      expect([nothing, readRoomKey(nothing)]).toEqual([nothing, null]);
    }
  });

  it('matches a room by its id, code or slug in any case, and nothing else', () => {
    const room = { id: ID, _id: ID, code: 'ABC234', slug: 'calculus-crew-abc234' };
    for (const param of [UPPER, ID, 'abc234', 'ABC234', 'Calculus-Crew-ABC234']) {
      expect([param, linkNamesRoom(room, param)]).toEqual([param, true]);
    }
    for (const param of ['1123456789abcdef01234567', 'XYZ234', 'other-room', '']) {
      expect([param, linkNamesRoom(room, param)]).toEqual([param, false]);
    }
  });
});
