/** Business constants (docs/product.md §17), shared by the web app and the server. */
export const LIMITS = {
  nameMin: 2,
  loginPasswordMin: 6,
  resetPasswordMin: 8,
  /** Upper bounds of our own (docs/product.md §3.3); they keep rows and request bodies small. */
  nameMax: 100,
  emailMax: 254,
  passwordMax: 128,
  bioMax: 500,
  profileFieldMax: 120,
} as const;

/** How long a password-reset link stays valid: 1 hour (docs/product.md §3.4). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * How long a link that verifies an e-mail address stays valid: 24 hours (docs/product.md §3.12),
 * long enough to open the mail the next day, short enough that an old mailbox's mail goes stale.
 */
export const VERIFY_EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Redirect delays and indicator durations (docs/product.md §17). */
export const TIMINGS = {
  redirectAfterRegisterMs: 2000,
  redirectAfterUnauthorizedMs: 2000,
  redirectAfterResetMs: 3000,
  redirectAfterInviteAcceptMs: 1500,
  toastMs: 3000,
  copiedMs: 1200,
  joinNavigationFallbackMs: 600,
} as const;

export const YEAR_OF_STUDY_OPTIONS = [
  '1st Year',
  '2nd Year',
  '3rd Year',
  '4th Year',
  'Graduate',
  'PhD',
] as const;
