import { z } from 'zod';
import { LIMITS, YEAR_OF_STUDY_OPTIONS } from './constants.js';
import { MESSAGES } from './messages.js';
import { AVATAR, PHONE_MAX, PROFILE_MESSAGES, isJpegDataUrl, isPhoneNumber } from './profile.js';
import { EMAIL_PATTERN, characterCount, firstFailure, isBlank, type Rule } from './rules.js';

/**
 * Accounts: the sign-in, registration and password-reset rules of docs/product.md §3.2-§3.6, the
 * Zod schemas the server validates bodies with, and the user shape the API returns.
 */

export interface LoginFields {
  email: string;
  password: string;
}

export interface RegisterFields {
  name: string;
  email: string;
  password: string;
}

export interface ResetFields {
  password: string;
  confirmPassword: string;
}

const tooLong = (value: string, max: number) => value.length > max;
/**
 * Minimum lengths count what a person sees (grapheme clusters); the maximum stays in UTF-16 units
 * because it bounds the work of hashing, not the user's effort.
 */
const shorterThan = (value: string, min: number) => characterCount(value) < min;
/** Whitespace alone is no password, however long (spaces, tabs, no-break spaces). */
const onlySpaces = (value: string) => value !== '' && value.trim() === '';

/** Login rules in the order of docs/product.md §3.2. */
export const LOGIN_RULES: readonly Rule<LoginFields>[] = [
  [(v) => isBlank(v.email), MESSAGES.emailRequired],
  [(v) => v.password === '', MESSAGES.passwordRequired],
  [
    (v) => !EMAIL_PATTERN.test(v.email.trim()) || tooLong(v.email.trim(), LIMITS.emailMax),
    MESSAGES.invalidEmail,
  ],
  [(v) => v.password.length < LIMITS.loginPasswordMin, MESSAGES.passwordMin6],
];

/** Register rules in the order of docs/product.md §3.3. */
export const REGISTER_RULES: readonly Rule<RegisterFields>[] = [
  [(v) => isBlank(v.name), MESSAGES.nameRequired],
  [(v) => isBlank(v.email), MESSAGES.emailRequired],
  [(v) => v.password === '', MESSAGES.passwordRequired],
  [(v) => v.name.trim().length < LIMITS.nameMin, MESSAGES.nameMin2],
  [
    (v) => !EMAIL_PATTERN.test(v.email.trim()) || tooLong(v.email.trim(), LIMITS.emailMax),
    MESSAGES.invalidEmail,
  ],
  [(v) => shorterThan(v.password, LIMITS.loginPasswordMin), MESSAGES.passwordMin6],
  [
    (v) => tooLong(v.name.trim(), LIMITS.nameMax),
    `Name must be at most ${LIMITS.nameMax} characters long`,
  ],
  [
    (v) => tooLong(v.password, LIMITS.passwordMax),
    `Password must be at most ${LIMITS.passwordMax} characters long`,
  ],
  [(v) => onlySpaces(v.password), MESSAGES.passwordOnlySpaces],
];

const hasUpper = (s: string) => /[A-Z]/.test(s);
const hasLower = (s: string) => /[a-z]/.test(s);
const hasDigit = (s: string) => /\d/.test(s);
const hasSpecial = (s: string) => /[^A-Za-z0-9]/.test(s);

/** Rules for the new password alone (what the server can check: it never sees the confirmation). */
export const NEW_PASSWORD_RULES: readonly Rule<string>[] = [
  [(p) => p === '', MESSAGES.passwordRequired],
  [(p) => shorterThan(p, LIMITS.resetPasswordMin), MESSAGES.passwordMin8],
  [
    (p) => tooLong(p, LIMITS.passwordMax),
    `Password must be at most ${LIMITS.passwordMax} characters long`,
  ],
  [(p) => !(hasUpper(p) && hasLower(p) && hasDigit(p)), MESSAGES.passwordComplexity],
];

/**
 * Reset-password form rules in the order of docs/product.md §3.5: required, length, confirmation
 * present, match, then the character classes.
 */
export const RESET_RULES: readonly Rule<ResetFields>[] = [
  [(v) => v.password === '', MESSAGES.passwordRequired],
  [(v) => shorterThan(v.password, LIMITS.resetPasswordMin), MESSAGES.passwordMin8],
  [(v) => v.confirmPassword === '', MESSAGES.confirmPassword],
  [(v) => v.password !== v.confirmPassword, MESSAGES.passwordsDoNotMatch],
  [
    (v) => !(hasUpper(v.password) && hasLower(v.password) && hasDigit(v.password)),
    MESSAGES.passwordComplexity,
  ],
  [
    (v) => tooLong(v.password, LIMITS.passwordMax),
    `Password must be at most ${LIMITS.passwordMax} characters long`,
  ],
];

export const validateLogin = (v: LoginFields) => firstFailure(LOGIN_RULES, v);
export const validateRegister = (v: RegisterFields) => firstFailure(REGISTER_RULES, v);
export const validateReset = (v: ResetFields) => firstFailure(RESET_RULES, v);

export const STRENGTH_LABELS = [
  'Very Weak',
  'Weak',
  'Fair',
  'Good',
  'Strong',
  'Very Strong',
] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];

/**
 * One point each for length 8+, an uppercase letter, a lowercase letter, a digit and a special
 * character; the score 0-5 indexes the six labels of docs/product.md §3.6.
 */
export function passwordStrength(password: string): { score: number; label: StrengthLabel } {
  const score = [
    characterCount(password) >= LIMITS.resetPasswordMin,
    hasUpper(password),
    hasLower(password),
    hasDigit(password),
    hasSpecial(password),
  ].filter(Boolean).length;
  return { score, label: STRENGTH_LABELS[score] ?? 'Very Weak' };
}

/** The requirement checklist shown beside the reset form. */
export function passwordRequirements(password: string) {
  return [
    {
      label: 'At least 8 characters',
      met: characterCount(password) >= LIMITS.resetPasswordMin,
    },
    { label: 'One uppercase letter', met: hasUpper(password) },
    { label: 'One lowercase letter', met: hasLower(password) },
    { label: 'One number', met: hasDigit(password) },
  ];
}

/**
 * Wraps an ordered rule list into a Zod schema: a type error on any field comes first (as a
 * "required" message), then the first failing rule, so the server answers with the same sentence
 * the form would have shown.
 */
function ruleSchema<S extends z.ZodRawShape, T>(
  shape: S,
  rules: readonly Rule<T>[],
  toFields: (value: z.infer<z.ZodObject<S>>) => T,
) {
  return z.object(shape).superRefine((value, ctx) => {
    const message = firstFailure(rules, toFields(value));
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

const requiredString = (message: string) => z.string({ error: message });

export const LoginInputSchema = ruleSchema(
  {
    email: requiredString(MESSAGES.emailRequired),
    password: requiredString(MESSAGES.passwordRequired),
  },
  LOGIN_RULES,
  (v) => v,
).transform((v) => ({ email: normaliseEmail(v.email), password: v.password }));
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const RegisterInputSchema = ruleSchema(
  {
    name: requiredString(MESSAGES.nameRequired),
    email: requiredString(MESSAGES.emailRequired),
    password: requiredString(MESSAGES.passwordRequired),
  },
  REGISTER_RULES,
  (v) => v,
).transform((v) => ({ name: v.name.trim(), email: normaliseEmail(v.email), password: v.password }));
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const ForgotPasswordInputSchema = ruleSchema(
  { email: requiredString(MESSAGES.emailRequired) },
  [
    [(v: { email: string }) => isBlank(v.email), MESSAGES.emailRequired],
    [
      (v: { email: string }) =>
        !EMAIL_PATTERN.test(v.email.trim()) || tooLong(v.email.trim(), LIMITS.emailMax),
      MESSAGES.invalidEmail,
    ],
  ],
  (v) => v,
).transform((v) => ({ email: normaliseEmail(v.email) }));
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = ruleSchema(
  { password: requiredString(MESSAGES.passwordRequired) },
  NEW_PASSWORD_RULES,
  (v) => v.password,
);
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/** Emails are compared case-insensitively: stored and looked up trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const optionalText = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .max(max, `Must be at most ${max} characters`)
    .transform((s) => s.trim());

/** Profile fields a user may change (docs/product.md §13.3: bio capped at 500). */
export const UpdateProfileInputSchema = z
  .object({
    name: z
      .string({ error: MESSAGES.nameRequired })
      .transform((s) => s.trim())
      .pipe(
        z
          .string()
          .min(LIMITS.nameMin, MESSAGES.nameMin2)
          .max(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters long`),
      ),
    phone: optionalText(PHONE_MAX).refine(isPhoneNumber, PROFILE_MESSAGES.phoneInvalid),
    location: optionalText(LIMITS.profileFieldMax),
    bio: z
      .string({ error: 'Bio must be text' })
      .max(LIMITS.bioMax, `Bio must be at most ${LIMITS.bioMax} characters`),
    university: optionalText(LIMITS.profileFieldMax),
    major: optionalText(LIMITS.profileFieldMax),
    yearOfStudy: z.union([z.enum(YEAR_OF_STUDY_OPTIONS), z.literal('')], {
      error: `Year of study must be one of: ${YEAR_OF_STUDY_OPTIONS.join(', ')}`,
    }),
    /**
     * The resized JPEG avatar as a data URL (docs/product.md §13.2: 400 px, quality 0.8), or '' to remove it.
     * Anything else is refused: a PNG or SVG data URL, and any link (a picture elsewhere would
     * tell its host who looks at the profile, and could change after it was checked). The
     * server also decodes the picture (apps/server modules/users/avatar.ts).
     */
    profilePic: z
      .string({ error: 'Profile picture must be text' })
      .max(AVATAR.maxDataUrlLength, 'Profile picture is too large')
      .refine((s) => s === '' || isJpegDataUrl(s), 'Profile picture must be a JPEG image'),
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const UserSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  bio: z.string(),
  profilePic: z.string(),
  university: z.string(),
  major: z.string(),
  yearOfStudy: z.string(),
  createdAt: z.string(),
  /**
   * True once the account proved it reads mail at `email` through the mailed verification link
   * (docs/product.md §3.12); until then the bell does not offer invitations.
   */
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/** `GET` and `PATCH /api/auth/profile`: the signed-in user. */
export const ProfileResponseSchema = z.object({ user: UserSchema });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

export const ChangePasswordInputSchema = z
  .object({
    currentPassword: requiredString('Current password is required').min(
      1,
      'Current password is required',
    ),
    newPassword: requiredString(MESSAGES.passwordRequired),
  })
  .superRefine((v, ctx) => {
    const message = firstFailure(NEW_PASSWORD_RULES, v.newPassword);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['newPassword'] });
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** Sentences of e-mail verification (docs/product.md §3.12). */
export const VERIFY_EMAIL_MESSAGES = {
  banner: 'Please verify your email address. We sent a link to {email}.',
  verified: 'Your email address is verified. Thank you!',
  alreadyVerified: 'Your email address is already verified.',
  linkInvalid:
    'This verification link is invalid or has expired. Sign in and send a new one from the banner.',
  resent: 'A new verification link is on its way. It works for 24 hours.',
  resendFailed: 'The verification mail could not be sent right now. Please try again later.',
  /** Why the bell offers no invitations yet, and what still works. */
  bellNeedsVerifiedEmail:
    'Verify your email address to see and accept room invitations here. The link in an invitation mail works without it.',
} as const;

/** The banner's sentence for one address. */
export function verifyEmailBannerText(email: string): string {
  return VERIFY_EMAIL_MESSAGES.banner.replace('{email}', email);
}

/** `POST /api/auth/verify-email/:token` and `POST /api/auth/verify-email/resend`. */
export const VerifyEmailResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** Messages of the account settings (change password, delete account). */
export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordIncorrect: 'Password is incorrect',
  passwordChanged: 'Password changed successfully!',
  accountDeleted: 'Your account has been deleted.',
  deleteFailed: 'Failed to delete account',
} as const;

/**
 * `DELETE /api/auth/account`: the account's current password confirms the deletion, so a
 * session left open on a shared computer cannot delete the account on its own.
 */
export const DeleteAccountInputSchema = z.object({
  password: requiredString(MESSAGES.passwordRequired)
    .min(1, MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax, MESSAGES.passwordRequired),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;

/** What deleting an account did: how many owned rooms passed to someone else, how many went. */
export const DeleteAccountResponseSchema = z.object({
  ok: z.literal(true),
  handedOverRooms: z.number().int(),
  deletedRooms: z.number().int(),
});
export type DeleteAccountResponse = z.infer<typeof DeleteAccountResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Signed-in devices (docs/product.md §3.8): one session per sign-in, listed in Settings.

/** Said on a device whose session was ended from another one (docs/product.md §3.8). */
export const SIGNED_OUT_ELSEWHERE_MESSAGE = 'You were signed out on another device';

/** The kind of device a session signed in from, read from its User-Agent. */
export const DeviceTypeSchema = z.enum(['desktop', 'phone', 'tablet']);
export type DeviceType = z.infer<typeof DeviceTypeSchema>;

/** One signed-in device. `device` is a short description from its User-Agent ("Chrome on Linux"). */
export const DeviceSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  /** Browser, system and kind of device; null when the User-Agent did not say. */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  deviceType: DeviceTypeSchema.nullable(),
  signedInAt: z.string(),
  /** Approximate: refreshed at most every few minutes. */
  lastSeenAt: z.string(),
  /** The session the request came from. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;

/** GET /api/auth/sessions: the account's signed-in devices, this one first, then most recent. */
export const DeviceSessionsResponseSchema = z.object({ sessions: z.array(DeviceSessionSchema) });
export type DeviceSessionsResponse = z.infer<typeof DeviceSessionsResponseSchema>;

/** The `:id` of DELETE /api/auth/sessions/:id (ids are 24 hexadecimal characters). */
export const DeviceSessionIdSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/i, 'Invalid session id')
  .transform((id) => id.toLowerCase());
