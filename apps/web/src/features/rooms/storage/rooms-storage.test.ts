import { describe, expect, it } from 'vitest';
import type { Room } from '@studycircle/shared';
import {
  PUBLIC_ROOMS_KEY,
  USER_ROOMS_KEY,
  cacheRoom,
  cacheRoomList,
  forgetRoom,
  readCachedRooms,
  readPublicRooms,
  readUserRooms,
} from './rooms-storage';

const room = (id: string, over: Partial<Room> = {}) =>
  ({
    id,
    _id: id,
    name: `Room ${id}`,
    code: 'ABC123',
    subject: 'Maths',
    description: '',
    isPrivate: false,
    visibility: 'public',
    members: 1,
    maxMembers: 50,
    status: 'active',
    tags: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    userRole: 'member',
    isMember: false,
    ...over,
  }) as Room;

describe('rooms storage', () => {
  it('reads empty lists when nothing is stored', () => {
    expect(readUserRooms()).toEqual([]);
    expect(readPublicRooms()).toEqual([]);
  });

  it('reads a corrupt value as empty and drops corrupt entries', () => {
    localStorage.setItem(USER_ROOMS_KEY, '{not json');
    localStorage.setItem(PUBLIC_ROOMS_KEY, JSON.stringify({ rooms: [] }));
    expect(readUserRooms()).toEqual([]);
    expect(readPublicRooms()).toEqual([]);
    localStorage.setItem(
      USER_ROOMS_KEY,
      JSON.stringify([null, 3, 'x', { name: 'no id' }, room('a', { isMember: true })]),
    );
    expect(readUserRooms().map((r) => r.id)).toEqual(['a']);
  });

  it('splits the server list by membership and leaves private non-member rooms out', () => {
    cacheRoomList([
      room('a', { isMember: true, isPrivate: true }),
      room('b'),
      room('c', { isPrivate: true }),
    ]);
    expect(readUserRooms().map((r) => r.id)).toEqual(['a']);
    expect(readPublicRooms().map((r) => r.id)).toEqual(['b']);
  });

  it('moves a joined room into userRooms without duplicates', () => {
    cacheRoomList([room('a', { isMember: true }), room('b')]);
    cacheRoom(room('b', { isMember: true, members: 2 }));
    expect(readUserRooms().map((r) => r.id)).toEqual(['b', 'a']);
    expect(readPublicRooms()).toEqual([]);
    expect(readCachedRooms().map((r) => r.id)).toEqual(['b', 'a']);
  });

  it('forgets a deleted room in both keys', () => {
    cacheRoomList([room('a', { isMember: true }), room('b')]);
    forgetRoom('a');
    forgetRoom('b');
    expect(readCachedRooms()).toEqual([]);
  });
});
