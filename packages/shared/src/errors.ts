import { z } from 'zod';

/** The one error body every API failure carries; `message` and `error` hold the same sentence. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  error: z.string(),
  code: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Machine-readable error codes; clients branch on these, people read `message`. */
export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  invalidJson: 'INVALID_JSON',
  bodyTooLarge: 'BODY_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  requestTimeout: 'REQUEST_TIMEOUT',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  invalidResetToken: 'INVALID_RESET_TOKEN',
  /** A link that verifies an e-mail address is unknown, used for another address, or expired. */
  invalidVerifyToken: 'INVALID_VERIFY_TOKEN',
  /** The action needs an account whose e-mail address is verified (docs/product.md §3.12). */
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  /**
   * The token's device session was ended elsewhere (signed out there, "Sign out of all devices",
   * or a password change or reset): the client says so and goes to sign-in (docs/product.md §3.8).
   */
  sessionEnded: 'SESSION_ENDED',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
