import type { Room } from '@studycircle/shared';

/** A signed-in user as the profile endpoint returns it. */
export const sampleUser = {
  id: 'u1',
  _id: 'u1',
  name: 'asha Rao',
  email: 'asha@example.com',
  phone: '',
  location: '',
  bio: '',
  profilePic: '',
  university: '',
  major: '',
  yearOfStudy: '',
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** A room as the API returns it. */
export function makeRoom(over: Partial<Room> = {}): Room {
  const id = over.id ?? '0123456789abcdef01234567';
  return {
    _id: id,
    name: 'Calculus Crew',
    code: 'ABC234',
    slug: 'calculus-crew',
    subject: 'Mathematics',
    description: 'Limits, series and coffee.',
    visibility: 'public',
    isPrivate: false,
    members: 3,
    maxMembers: 50,
    status: 'active',
    tags: ['exam'],
    createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    ownerId: 'owner',
    userRole: 'member',
    isMember: true,
    joinedAt: new Date().toISOString(),
    ...over,
    id,
  };
}
