import { ERROR_CODES, type ErrorCode, type RealtimeErrorCode } from '@studycircle/shared';

/**
 * The one error type services throw. The error handler turns it into `{message, error, code}`
 * with `status`; anything else becomes a 500 whose text is hidden.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | RealtimeErrorCode,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, code: ErrorCode = ERROR_CODES.validation) {
    return new AppError(code, 400, message);
  }
  static unauthorized(message: string, code: ErrorCode = ERROR_CODES.unauthorized) {
    return new AppError(code, 401, message);
  }
  static forbidden(message: string) {
    return new AppError(ERROR_CODES.forbidden, 403, message);
  }
  static notFound(message: string) {
    return new AppError(ERROR_CODES.notFound, 404, message);
  }
  static conflict(message: string) {
    return new AppError(ERROR_CODES.conflict, 409, message);
  }
  static tooManyRequests(message: string) {
    return new AppError(ERROR_CODES.rateLimited, 429, message);
  }
  /** A refusal only the live room knows (call full, not in the room, unknown peer). */
  static realtime(code: RealtimeErrorCode, message: string) {
    return new AppError(code, 409, message);
  }
}
