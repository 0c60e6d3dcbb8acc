/**
 * Every user-visible account sentence that docs/product.md §3 fixes word for word, in one place so
 * that the web app and the server say exactly the same thing.
 */
export const MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  invalidEmail: 'Please enter a valid email address',
  passwordMin6: 'Password must be at least 6 characters long',
  nameMin2: 'Name must be at least 2 characters long',
  passwordMin8: 'Password must be at least 8 characters long',
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  passwordOnlySpaces: 'Password cannot be only spaces',
  passwordTooCommon:
    'This password is one of the most common and easy to guess. Please choose another.',
  passwordsMatch: 'Passwords match',
  passwordsDontMatch: "Passwords don't match",
  invalidCredentials: 'Invalid credentials',
  loginSuccess: 'Login successful! Redirecting...',
  registrationFailed: 'Registration failed. Please try again.',
  forgotFailed: 'Failed to send reset link. Please try again.',
  resetFailed: 'Failed to reset password. The link may have expired.',
  noToken: 'No authentication token found. Please login again.',
  profileNotFound: 'Profile not found and no cached data available',
  emailTaken: 'An account with this email already exists',
  resetLinkInvalid: 'Failed to reset password. The link may have expired.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notFound: 'Not found',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;

/**
 * When a limit lifts, as a person reads it: "in 45 seconds", "in 1 minute", "in 15 minutes".
 * Rounded up, so the user never tries again a moment too early.
 */
export function tryAgainIn(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  if (seconds < 60) return `Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** The 429 answer of the account forms, saying when to try again. */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  return `Too many attempts. ${tryAgainIn(retryAfterMs)}`;
}
