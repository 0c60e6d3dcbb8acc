import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  ERROR_CODES,
  MESSAGES,
  RESET_TOKEN_TTL_MS,
  type AuthResponse,
  type ForgotPasswordInput,
  type LoginInput,
  type RegisterInput,
} from '@studycircle/shared';
import type { AppDeps } from '../../types.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newId, newSecretToken } from '../../lib/ids.js';
import { escapeHtml } from '../../mail/mailer.js';
import { createUsersRepository } from '../users/users.repository.js';
import { toPublicUser } from '../users/users.service.js';
import { createAuthRepository } from './auth.repository.js';
import { hashPassword, verifyPassword } from './password.js';
import { signToken, verifyToken } from './tokens.js';
import type { AuthUser } from './auth.types.js';

/**
 * Accounts: registration, sign-in, sign-out, password reset and change, and turning a bearer
 * token into a user. Rate limits live here (not in the routes) because they depend on outcomes:
 * only failed sign-ins count against an e-mail, and only from the address that failed, so an
 * attacker elsewhere cannot lock a real user out.
 */

const MINUTE = 60_000;
export const AUTH_LIMITS = {
  /** Every sign-in attempt from one IP. */
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  /** Failed sign-ins for one e-mail from one IP. */
  loginFailuresPerEmailIp: { max: 5, windowMs: 15 * MINUTE },
  forgotPerIp: { max: 5, windowMs: 15 * MINUTE },
  /** Reset mails to one address; beyond this the request is answered the same but not sent. */
  forgotMailsPerEmail: { max: 3, windowMs: 60 * MINUTE },
  resetPerIp: { max: 10, windowMs: 15 * MINUTE },
  registerPerIp: { max: 20, windowMs: 60 * MINUTE },
  /** Wrong current passwords on one account: a stolen session cannot guess its way further. */
  changePasswordFailuresPerUser: { max: 5, windowMs: 15 * MINUTE },
  /** Wrong passwords when deleting the account: the same protection. */
  deleteAccountFailuresPerUser: { max: 5, windowMs: 15 * MINUTE },
} as const;

/** A valid-looking hash to verify against when the e-mail is unknown, so timing does not tell. */
let decoyHash: Promise<string> | undefined;

export function createAuthService(deps: AppDeps, log: FastifyBaseLogger) {
  const usersRepo = createUsersRepository(deps.db);
  const authRepo = createAuthRepository(deps.db);
  const { rateLimiter, jwtSecret, passwordCost, config, mailer } = deps;

  async function limit(key: string, rule: { max: number; windowMs: number }) {
    if ((await rateLimiter.hit(key, rule.windowMs)) > rule.max) {
      throw AppError.tooManyRequests(MESSAGES.tooManyAttempts);
    }
  }

  async function issue(userId: string, version: number) {
    return signToken(jwtSecret, { userId, version });
  }

  return {
    async register(input: RegisterInput, ip: string): Promise<AuthResponse> {
      await limit(`register:ip:${ip}`, AUTH_LIMITS.registerPerIp);
      if (await usersRepo.findByEmail(input.email)) throw AppError.conflict(MESSAGES.emailTaken);
      const passwordHash = await hashPassword(input.password, passwordCost);
      let row;
      try {
        row = await usersRepo.insert({
          id: newId(),
          name: input.name,
          email: input.email,
          passwordHash,
        });
      } catch (err) {
        // Two sign-ups with one address at the same moment: the unique index decides.
        if (isUniqueViolation(err)) throw AppError.conflict(MESSAGES.emailTaken);
        throw err;
      }
      return { token: await issue(row.id, row.tokenVersion), user: toPublicUser(row) };
    },

    async login(input: LoginInput, ip: string): Promise<AuthResponse> {
      const failuresKey = `login:fail:${input.email}:${ip}`;
      await limit(`login:ip:${ip}`, AUTH_LIMITS.loginPerIp);
      if ((await rateLimiter.count(failuresKey)) >= AUTH_LIMITS.loginFailuresPerEmailIp.max) {
        throw AppError.tooManyRequests(MESSAGES.tooManyAttempts);
      }
      const row = await usersRepo.findByEmail(input.email);
      decoyHash ??= hashPassword('decoy-password', passwordCost);
      const valid = await verifyPassword(input.password, row?.passwordHash ?? (await decoyHash));
      if (!row || !valid) {
        await rateLimiter.hit(failuresKey, AUTH_LIMITS.loginFailuresPerEmailIp.windowMs);
        throw AppError.unauthorized(MESSAGES.invalidCredentials, ERROR_CODES.invalidCredentials);
      }
      await rateLimiter.reset(failuresKey);
      return { token: await issue(row.id, row.tokenVersion), user: toPublicUser(row) };
    },

    /** Ends every session of the user: all tokens issued so far stop working. */
    async logout(userId: string): Promise<void> {
      await usersRepo.bumpTokenVersion(userId);
    },

    /**
     * Always answers the same way, whether or not the address has an account, and sends the mail
     * after answering so response time does not reveal it either.
     */
    async forgotPassword(input: ForgotPasswordInput, ip: string): Promise<void> {
      await limit(`forgot:ip:${ip}`, AUTH_LIMITS.forgotPerIp);
      const mailCount = await rateLimiter.hit(
        `forgot:mail:${input.email}`,
        AUTH_LIMITS.forgotMailsPerEmail.windowMs,
      );
      if (mailCount > AUTH_LIMITS.forgotMailsPerEmail.max) return;
      void (async () => {
        const row = await usersRepo.findByEmail(input.email);
        if (!row) return;
        const token = newSecretToken();
        await authRepo.insertResetToken({
          id: newId(),
          userId: row.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
        });
        const link = `${config.publicUrl}/reset-password/${token}`;
        await mailer.send({
          to: row.email,
          subject: 'Reset your StudyCircle password',
          text: resetText(row.name, link),
          html: resetHtml(row.name, link),
        });
      })().catch((err: unknown) => log.error({ err }, 'could not send the password reset mail'));
    },

    async resetPassword(token: string, password: string, ip: string): Promise<void> {
      await limit(`reset:ip:${ip}`, AUTH_LIMITS.resetPerIp);
      const invalid = () =>
        new AppError(ERROR_CODES.invalidResetToken, 400, MESSAGES.resetLinkInvalid);
      if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw invalid();
      const passwordHash = await hashPassword(password, passwordCost);
      const userId = await authRepo.consumeResetToken(hashToken(token), passwordHash, new Date());
      if (!userId) throw invalid();
    },

    /** Changes the password of a signed-in user; earlier tokens die, a fresh one is returned. */
    async changePassword(userId: string, currentPassword: string, newPassword: string) {
      const failuresKey = `change-password:fail:${userId}`;
      const rule = AUTH_LIMITS.changePasswordFailuresPerUser;
      if ((await rateLimiter.count(failuresKey)) >= rule.max) {
        throw AppError.tooManyRequests(MESSAGES.tooManyAttempts);
      }
      const row = await usersRepo.findById(userId);
      if (!row || !(await verifyPassword(currentPassword, row.passwordHash))) {
        await rateLimiter.hit(failuresKey, rule.windowMs);
        throw AppError.badRequest(ACCOUNT_MESSAGES.currentPasswordIncorrect);
      }
      await rateLimiter.reset(failuresKey);
      const version = await usersRepo.setPassword(
        userId,
        await hashPassword(newPassword, passwordCost),
      );
      return { token: await issue(userId, version ?? 0), user: toPublicUser(row) };
    },

    /**
     * Deletes the signed-in user's account once their password confirms it, and what they own
     * (see the users repository's deleteAccount for the rule on owned rooms). Every token dies
     * with the account, since the user row the tokens point at is gone.
     */
    async deleteAccount(userId: string, password: string) {
      const failuresKey = `delete-account:fail:${userId}`;
      const rule = AUTH_LIMITS.deleteAccountFailuresPerUser;
      if ((await rateLimiter.count(failuresKey)) >= rule.max) {
        throw AppError.tooManyRequests(MESSAGES.tooManyAttempts);
      }
      const row = await usersRepo.findById(userId);
      if (!row) throw AppError.unauthorized(MESSAGES.sessionExpired);
      if (!(await verifyPassword(password, row.passwordHash))) {
        await rateLimiter.hit(failuresKey, rule.windowMs);
        throw AppError.badRequest(ACCOUNT_MESSAGES.passwordIncorrect);
      }
      const deleted = await usersRepo.deleteAccount(userId);
      if (!deleted) throw AppError.unauthorized(MESSAGES.sessionExpired);
      await rateLimiter.reset(failuresKey);
      return deleted;
    },

    /** The user a bearer token stands for, or an error saying why not. Used by HTTP and sockets. */
    async authenticateToken(token: string | undefined): Promise<AuthUser> {
      if (!token) throw AppError.unauthorized(MESSAGES.noToken);
      const result = await verifyToken(jwtSecret, token);
      if (!result.ok) {
        throw AppError.unauthorized(result.expired ? MESSAGES.sessionExpired : 'Invalid token');
      }
      const row = await usersRepo.findForAuth(result.claims.userId);
      if (!row || row.tokenVersion !== result.claims.version) {
        throw AppError.unauthorized(MESSAGES.sessionExpired);
      }
      return { id: row.id, name: row.name, email: row.email };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ??
    (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

function resetText(name: string, link: string): string {
  return [
    `Hi ${name},`,
    '',
    'We received a request to reset your StudyCircle password. Open this link to choose a new one:',
    '',
    link,
    '',
    'The link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail: your password stays the same.',
    '',
    '— The StudyCircle team',
  ].join('\n');
}

function resetHtml(name: string, link: string): string {
  const safeLink = escapeHtml(link);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hi ${escapeHtml(name)},</p>
<p>We received a request to reset your StudyCircle password.</p>
<p><a href="${safeLink}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Reset your password</a></p>
<p>Or paste this link into your browser: <br>${safeLink}</p>
<p>The link expires in 1 hour and works once. If you did not ask for it, ignore this e-mail: your password stays the same.</p>
<p>— The StudyCircle team</p>
</body></html>`;
}
