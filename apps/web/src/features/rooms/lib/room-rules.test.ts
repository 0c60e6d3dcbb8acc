import { describe, expect, it } from 'vitest';
import {
  addTag,
  canManageRoom,
  canSeeCardMenu,
  formatAge,
  memberCountLabel,
  roleOf,
  showJoinButton,
} from './room-rules';

const room = (over: Record<string, unknown> = {}) => ({
  name: 'Calculus',
  subject: 'Maths',
  description: 'Limits and series',
  tags: ['exam', 'Week 3'],
  status: 'active' as const,
  isMember: true,
  userRole: 'member' as const,
  ...over,
});

describe('card visibility rules', () => {
  it('shows the edit/delete menu to the owner only', () => {
    expect(canSeeCardMenu(room({ userRole: 'owner' }))).toBe(true);
    expect(canSeeCardMenu(room({ userRole: 'admin' }))).toBe(false);
    expect(canSeeCardMenu(room({ userRole: 'member' }))).toBe(false);
    expect(canSeeCardMenu(room({ userRole: 'owner', isMember: false }))).toBe(false);
  });
  it('shows Manage Room to owner and admin', () => {
    expect(canManageRoom(room({ userRole: 'owner' }))).toBe(true);
    expect(canManageRoom(room({ userRole: 'admin' }))).toBe(true);
    expect(canManageRoom(room({ userRole: 'member' }))).toBe(false);
  });
  it('shows Join only to non-members', () => {
    expect(showJoinButton(room({ isMember: true }))).toBe(false);
    expect(showJoinButton(room({ isMember: false }))).toBe(true);
    expect(showJoinButton(room({ isMember: undefined }))).toBe(true);
  });
  it('reads a missing or unknown role as member', () => {
    expect(roleOf(room({ userRole: undefined }))).toBe('member');
    expect(roleOf(room({ userRole: 'superuser' }))).toBe('member');
    expect(roleOf(null)).toBe('member');
  });
});

describe('formatAge', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it('reads Just now, then minutes, hours and days ago', () => {
    expect(formatAge('2026-01-10T11:59:30Z', now)).toBe('Just now');
    expect(formatAge('2026-01-10T11:59:00Z', now)).toBe('1 minute ago');
    expect(formatAge('2026-01-10T11:15:00Z', now)).toBe('45 minutes ago');
    expect(formatAge('2026-01-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatAge('2026-01-08T12:00:00Z', now)).toBe('2 days ago');
  });
  it('treats a missing or unreadable date as Just now', () => {
    expect(formatAge(undefined, now)).toBe('Just now');
    expect(formatAge('not a date', now)).toBe('Just now');
  });
});

describe('memberCountLabel and addTag', () => {
  it('words the count', () => {
    expect(memberCountLabel(1)).toBe('1 member');
    expect(memberCountLabel(2)).toBe('2 members');
    expect(memberCountLabel(undefined)).toBe('1 member');
  });
  it('keeps tags unique and trimmed', () => {
    expect(addTag([], '  exam ')).toEqual(['exam']);
    expect(addTag(['exam'], 'EXAM')).toEqual(['exam']);
    expect(addTag(['exam'], '   ')).toEqual(['exam']);
    expect(addTag(['exam'], 'week 3')).toEqual(['exam', 'week 3']);
  });
});
