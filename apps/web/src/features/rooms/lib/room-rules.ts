import { normaliseTags, type RoomRole, type RoomStatus } from '@studycircle/shared';

/**
 * Who sees what on a room (docs/product.md §5.2) and the list's search and filter. Pure functions,
 * so the rules are tested once and every component asks the same question the same way.
 */

export type RoomStatusFilter = 'all' | RoomStatus;

/** The caller's role; a missing or unknown value means member (docs/product.md §5.1). */
export function roleOf(room: { userRole?: string | null } | null | undefined): RoomRole {
  const role = room?.userRole;
  return role === 'owner' || role === 'admin' ? role : 'member';
}

/** Only the owner sees the edit and delete menu on a card. */
export function canSeeCardMenu(room: { userRole?: string | null; isMember?: boolean }): boolean {
  return room.isMember === true && roleOf(room) === 'owner';
}

/** Only the owner and admins see Manage Room. */
export function canManageRoom(room: { userRole?: string | null; isMember?: boolean }): boolean {
  const role = roleOf(room);
  return room.isMember === true && (role === 'owner' || role === 'admin');
}

/** Join appears only when the user is not already a member. */
export function showJoinButton(room: { isMember?: boolean }): boolean {
  return room.isMember !== true;
}

/** "Just now", then minutes, hours and days ago (docs/product.md §16.3). */
export function formatAge(createdAt: string | number | Date | undefined, now = Date.now()): string {
  if (createdAt === undefined) return 'Just now';
  const then = new Date(createdAt).getTime();
  if (Number.isNaN(then)) return 'Just now';
  const minutes = Math.floor(Math.max(0, now - then) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** "1 member", "3 members". */
export function memberCountLabel(count: number | undefined): string {
  const n = typeof count === 'number' && count > 0 ? count : 1;
  return `${n} member${n === 1 ? '' : 's'}`;
}

/** Tags from a chip input: trimmed, empties dropped, duplicates (any case) dropped. */
export function addTag(tags: readonly string[], input: string): string[] {
  return normaliseTags([...tags, ...input.split(',')]);
}
