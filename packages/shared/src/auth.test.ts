import { describe, expect, it } from 'vitest';
import {
  ChangePasswordInputSchema,
  LoginInputSchema,
  passwordRequirements,
  passwordStrength,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UpdateProfileInputSchema,
  validateLogin,
  validateRegister,
  validateReset,
} from './auth';
import { MESSAGES } from './messages';
import { characterCount } from './rules';

describe('login rules (docs/product.md §3.2, in order)', () => {
  it.each([
    [{ email: '', password: '' }, MESSAGES.emailRequired],
    [{ email: '   ', password: 'secret1' }, MESSAGES.emailRequired],
    [{ email: 'a@b.co', password: '' }, MESSAGES.passwordRequired],
    [{ email: 'not-an-email', password: '' }, MESSAGES.passwordRequired],
    [{ email: 'not-an-email', password: '123' }, MESSAGES.invalidEmail],
    [{ email: 'a b@c.de', password: 'secret1' }, MESSAGES.invalidEmail],
    [{ email: 'a@b', password: 'secret1' }, MESSAGES.invalidEmail],
    [{ email: 'a@b.co', password: '12345' }, MESSAGES.passwordMin6],
    [{ email: ' a@b.co ', password: '123456' }, null],
  ])('%j -> %s', (fields, expected) => {
    expect(validateLogin(fields)).toBe(expected);
  });

  it('the schema answers with the same first message and normalises the email', () => {
    const bad = LoginInputSchema.safeParse({ email: 'x', password: '1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.invalidEmail);
    expect(LoginInputSchema.parse({ email: ' Ann@Example.COM ', password: 'secret1' })).toEqual({
      email: 'ann@example.com',
      password: 'secret1',
    });
  });

  it('a missing or non-string field is reported as required', () => {
    expect(LoginInputSchema.safeParse({ password: 'secret1' }).error?.issues[0]?.message).toBe(
      MESSAGES.emailRequired,
    );
    expect(
      LoginInputSchema.safeParse({ email: 'a@b.co', password: 12 }).error?.issues[0]?.message,
    ).toBe(MESSAGES.passwordRequired);
  });
});

describe('register rules (docs/product.md §3.3, in order)', () => {
  it.each([
    [{ name: '', email: '', password: '' }, MESSAGES.nameRequired],
    [{ name: 'A', email: '', password: '' }, MESSAGES.emailRequired],
    [{ name: 'A', email: 'bad', password: '' }, MESSAGES.passwordRequired],
    [{ name: 'A', email: 'bad', password: '1' }, MESSAGES.nameMin2],
    [{ name: 'Al', email: 'bad', password: '1' }, MESSAGES.invalidEmail],
    [{ name: 'Al', email: 'al@uni.edu', password: '12345' }, MESSAGES.passwordMin6],
    [{ name: 'Al', email: 'al@uni.edu', password: '123456' }, null],
  ])('%j -> %s', (fields, expected) => {
    expect(validateRegister(fields)).toBe(expected);
  });

  it('the schema trims the name and lower-cases the email', () => {
    expect(
      RegisterInputSchema.parse({ name: '  Priya  ', email: 'P@X.IO', password: 'secret1' }),
    ).toEqual({ name: 'Priya', email: 'p@x.io', password: 'secret1' });
  });

  it('refuses over-long input with a clear message', () => {
    const result = RegisterInputSchema.safeParse({
      name: 'N'.repeat(101),
      email: 'n@x.io',
      password: 'secret1',
    });
    expect(result.error?.issues[0]?.message).toBe('Name must be at most 100 characters long');
  });
});

describe('reset rules (docs/product.md §3.5, in order)', () => {
  it.each([
    [{ password: '', confirmPassword: '' }, MESSAGES.passwordRequired],
    [{ password: 'Ab1', confirmPassword: '' }, MESSAGES.passwordMin8],
    [{ password: 'abcdefgh', confirmPassword: '' }, MESSAGES.confirmPassword],
    [{ password: 'abcdefgh', confirmPassword: 'abcdefgi' }, MESSAGES.passwordsDoNotMatch],
    [{ password: 'abcdefgh', confirmPassword: 'abcdefgh' }, MESSAGES.passwordComplexity],
    [{ password: 'Abcdefgh', confirmPassword: 'Abcdefgh' }, MESSAGES.passwordComplexity],
    [{ password: 'Abcdefg1', confirmPassword: 'Abcdefg1' }, null],
  ])('%j -> %s', (fields, expected) => {
    expect(validateReset(fields)).toBe(expected);
  });

  it('a special character is not required', () => {
    expect(ResetPasswordInputSchema.safeParse({ password: 'Abcdefg1' }).success).toBe(true);
  });

  it('the server schema checks the new password alone', () => {
    expect(
      ResetPasswordInputSchema.safeParse({ password: 'short' }).error?.issues[0]?.message,
    ).toBe(MESSAGES.passwordMin8);
    expect(
      ChangePasswordInputSchema.safeParse({ currentPassword: 'x', newPassword: 'alllowercase1' })
        .error?.issues[0]?.message,
    ).toBe(MESSAGES.passwordComplexity);
  });
});

describe('password strength meter', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['a', 1, 'Weak'],
    ['aA', 2, 'Fair'],
    ['aA1', 3, 'Good'],
    ['aA1!', 4, 'Strong'],
    ['aA1!aaaa', 5, 'Very Strong'],
  ])('%s scores %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it('lists which requirements are met', () => {
    expect(passwordRequirements('abcdefgH').map((r) => r.met)).toEqual([true, true, true, false]);
  });
});

describe('profile updates', () => {
  it('caps the bio at 500 characters and refuses unknown fields', () => {
    expect(UpdateProfileInputSchema.safeParse({ bio: 'x'.repeat(500) }).success).toBe(true);
    expect(UpdateProfileInputSchema.safeParse({ bio: 'x'.repeat(501) }).success).toBe(false);
    expect(UpdateProfileInputSchema.safeParse({ email: 'a@b.co' }).success).toBe(false);
  });

  it('only accepts the product year-of-study options and image pictures', () => {
    expect(UpdateProfileInputSchema.safeParse({ yearOfStudy: 'PhD' }).success).toBe(true);
    expect(UpdateProfileInputSchema.safeParse({ yearOfStudy: '5th Year' }).success).toBe(false);
    expect(UpdateProfileInputSchema.safeParse({ profilePic: 'javascript:alert(1)' }).success).toBe(
      false,
    );
  });
});

describe('characters as a person sees them', () => {
  it('counts grapheme clusters, not UTF-16 units', () => {
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('e\u0301')).toBe(1);
    expect(characterCount('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}')).toBe(1);
    expect(characterCount('\u{1F1EE}\u{1F1F3}')).toBe(1);
  });

  it('register refuses a whitespace-only password after the product rules', () => {
    expect(validateRegister({ name: 'Al', email: 'al@uni.edu', password: '      ' })).toBe(
      MESSAGES.passwordOnlySpaces,
    );
    expect(validateRegister({ name: 'Al', email: 'al@uni.edu', password: '   ' })).toBe(
      MESSAGES.passwordMin6,
    );
    expect(
      validateRegister({ name: 'Al', email: 'al@uni.edu', password: 'e\u0301'.repeat(5) }),
    ).toBe(MESSAGES.passwordMin6);
  });
});
