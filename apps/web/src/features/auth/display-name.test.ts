import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('displayName (docs/product.md §3.9)', () => {
  it('takes the first present of name, username, fullName, firstName, user.name, profile.name', () => {
    expect(displayName({ name: 'asha', username: 'x' })).toBe('Asha');
    expect(displayName({ name: ' ', username: 'ravi_k', fullName: 'R K' })).toBe('Ravi_k');
    expect(displayName({ fullName: 'meera iyer', firstName: 'M' })).toBe('Meera iyer');
    expect(displayName({ firstName: 'tom' })).toBe('Tom');
    expect(displayName({ user: { name: 'nested' } })).toBe('Nested');
    expect(displayName({ profile: { name: 'profiled' } })).toBe('Profiled');
  });

  it('falls back to the part of the email before the @, then Student', () => {
    expect(displayName({ email: 'priya.s@example.com' })).toBe('Priya.s');
    expect(displayName({ email: 'no-at-sign' })).toBe('Student');
    expect(displayName({})).toBe('Student');
    expect(displayName(null)).toBe('Student');
    expect(displayName('not an object')).toBe('Student');
  });

  it('capitalises only the first letter', () => {
    expect(displayName({ name: 'aNNA maria' })).toBe('ANNA maria');
  });
});
