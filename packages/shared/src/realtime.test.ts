import { describe, expect, it } from 'vitest';
import {
  ChatMessagePayloadSchema,
  IceCandidatePayloadSchema,
  JoinRoomPayloadSchema,
  OfferPayloadSchema,
  PeerStatePayloadSchema,
  REALTIME_LIMITS,
  REALTIME_MESSAGES,
  RoomMessagesQuerySchema,
  RoomsPresenceQuerySchema,
} from './realtime.js';

const roomId = 'a'.repeat(24);

describe('real-time payload schemas', () => {
  it('accept the product payloads as they are', () => {
    expect(JoinRoomPayloadSchema.safeParse({ roomId, name: 'Ada' }).success).toBe(true);
    expect(
      ChatMessagePayloadSchema.safeParse({ roomId, text: 'hi', name: 'Ada', at: 1, self: true })
        .success,
    ).toBe(true);
    expect(
      PeerStatePayloadSchema.safeParse({ roomId, muted: true, videoOff: false, hand: false })
        .success,
    ).toBe(true);
    expect(
      OfferPayloadSchema.safeParse({ to: 'abc', sdp: { type: 'offer', sdp: 'v=0' }, name: 'A' })
        .success,
    ).toBe(true);
    expect(IceCandidatePayloadSchema.safeParse({ to: 'abc', candidate: null }).success).toBe(true);
  });

  it('trim chat text and refuse empty or too long text with a clear message', () => {
    expect(ChatMessagePayloadSchema.parse({ roomId, text: '  hi  ' }).text).toBe('hi');
    const empty = ChatMessagePayloadSchema.safeParse({ roomId, text: '   ' });
    expect(empty.error?.issues[0]?.message).toBe(REALTIME_MESSAGES.chatTextRequired);
    const long = ChatMessagePayloadSchema.safeParse({
      roomId,
      text: 'x'.repeat(REALTIME_LIMITS.chatTextMax + 1),
    });
    expect(long.error?.issues[0]?.message).toBe(REALTIME_MESSAGES.chatTextTooLong);
  });

  it('cap the size of session descriptions and candidates', () => {
    const sdp = 'x'.repeat(REALTIME_LIMITS.sdpMax + 1);
    expect(OfferPayloadSchema.safeParse({ to: 'a', sdp }).success).toBe(false);
    expect(
      IceCandidatePayloadSchema.safeParse({
        to: 'a',
        candidate: { candidate: 'x'.repeat(REALTIME_LIMITS.candidateMax + 1) },
      }).success,
    ).toBe(false);
  });

  it('refuse a bad room id, client id or cursor', () => {
    expect(JoinRoomPayloadSchema.safeParse({ roomId: 'nope' }).success).toBe(false);
    expect(ChatMessagePayloadSchema.safeParse({ roomId, text: 'a', id: 'a b' }).success).toBe(
      false,
    );
    expect(RoomMessagesQuerySchema.safeParse({ before: '1', after: '2' }).success).toBe(false);
    expect(RoomMessagesQuerySchema.safeParse({ after: 'x' }).success).toBe(false);
    // Past the largest message id the server can hand out (and past PostgreSQL's bigint).
    expect(RoomMessagesQuerySchema.safeParse({ after: '9007199254740992' }).success).toBe(false);
    expect(RoomMessagesQuerySchema.safeParse({ before: '9'.repeat(19) }).success).toBe(false);
    expect(RoomMessagesQuerySchema.parse({ after: '12', limit: '5' })).toEqual({
      after: '12',
      limit: 5,
    });
  });

  it('read a comma-separated list of room ids once each', () => {
    expect(RoomsPresenceQuerySchema.parse({ ids: `${roomId}, ${roomId},` }).ids).toEqual([roomId]);
  });
});
