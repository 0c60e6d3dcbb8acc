import {
  ACCOUNT_MESSAGES,
  ERROR_CODES,
  MESSAGES,
  RESET_TOKEN_TTL_MS,
  VERIFY_EMAIL_MESSAGES,
  VERIFY_EMAIL_TOKEN_TTL_MS,
  tooManyAttemptsMessage,
  type AuthResponse,
  type DeviceSessionsResponse,
  type ForgotPasswordInput,
  type LoginInput,
  type RegisterInput,
  type VerifyEmailResponse,
} from '@studycircle/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/app-error.js';
import type { EventPublisher } from '../../lib/events.js';
import type { LimitRule, RateLimiter } from '../../lib/rate-limiter.js';
import { hashToken, newId, newSecretToken } from '../../lib/ids.js';
import { escapeHtml, type Mailer } from '../../mail/mailer.js';
import { toPublicUser, type UsersService } from '../users/users.service.js';
import { deleteAuthDataOfAccount, type AuthRepository } from './auth.repository.js';
import { describeUserAgent, storedUserAgent } from './device-name.js';
import { isCommonPassword } from './common-passwords.js';
import { hashPassword, verifyPassword, type PasswordCost } from './password.js';
import { signToken, TOKEN_TTL_SECONDS, verifyToken } from './tokens.js';
import type { AuthUser } from './auth.types.js';

/**
 * Accounts: registration, sign-in, sign-out, password reset and change, and turning a bearer
 * token into a user. Rate limits live here (not in the routes) because they depend on outcomes:
 * only failed sign-ins count, so a whole class behind one campus address can sign in, while an
 * attacker on one address meets a wall after a few dozen wrong guesses, and one account guessed
 * from many addresses meets a growing delay that never locks its real owner out
 * (docs/decisions/0007-rate-limits.md).
 */

const MINUTE = 60_000;

/** How stale a session's last-seen time may get before a request refreshes it (one write). */
export const LAST_SEEN_PRECISION_MS = 5 * MINUTE;

/**
 * A session last seen longer ago than this holds only expired tokens: a token is used no later
 * than its session's last-seen time plus the precision, and lives TOKEN_TTL_SECONDS from issue.
 */
const SESSION_DEAD_AFTER_MS = TOKEN_TTL_SECONDS * 1000 + 2 * LAST_SEEN_PRECISION_MS;

/**
 * Limits per client address: sized for a campus NAT (hundreds of students behind one address) and
 * multiplied by RATE_LIMIT_FACTOR.
 */
export const IP_LIMITS = {
  /** Failed sign-ins from one address, whatever the account: stops password spraying. */
  loginFailuresPerIp: { max: 40, windowMs: 15 * MINUTE },
  /** Every registration from one address: a class of 200 signs up within the hour. */
  registerPerIp: { max: 300, windowMs: 60 * MINUTE },
  forgotPerIp: { max: 50, windowMs: 15 * MINUTE },
  resetPerIp: { max: 50, windowMs: 15 * MINUTE },
  /** Verification links opened from one address (each is a 256-bit guess at best). */
  verifyPerIp: { max: 50, windowMs: 15 * MINUTE },
} as const satisfies Record<string, LimitRule>;

/** Limits per account, or per signed-in device of it: the same whatever RATE_LIMIT_FACTOR says. */
export const ACCOUNT_LIMITS = {
  /** Failed sign-ins for one account from one address. */
  loginFailuresPerEmailIp: { max: 5, windowMs: 15 * MINUTE },
  /** Reset mails to one address; beyond this the request is answered the same but not sent. */
  forgotMailsPerEmail: { max: 3, windowMs: 60 * MINUTE },
  /** Wrong current passwords on one account: a stolen session cannot guess its way further. */
  changePasswordFailuresPerUser: { max: 5, windowMs: 15 * MINUTE },
  /** Wrong passwords when deleting the account: the same protection. */
  deleteAccountFailuresPerUser: { max: 5, windowMs: 15 * MINUTE },
  /**
   * Verification mails an account asks for again (the one sent on registration is not counted):
   * enough for a mail lost to a spam folder, too few to mail-bomb someone else's address.
   */
  verifyMailsPerUser: { max: 3, windowMs: 60 * MINUTE },
  /**
   * Reads of the signed-in devices list, per calling device: Settings loads it on opening and
   * on refocus, a few a minute at most; a script looping on it (a query per call) is stopped.
   */
  sessionListsPerDevice: { max: 120, windowMs: 15 * MINUTE },
  /**
   * Sign-outs of one device or of all of them, per calling device: each deletes rows and is
   * broadcast to every node to drop sockets. Counted per device, not per account, so a stolen
   * token that uses up its allowance cannot stop the owner signing it out from elsewhere.
   */
  sessionEndsPerDevice: { max: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, LimitRule>;

/**
 * Failed sign-ins for one account from every address together. Past `freeFailures` in a day,
 * each failure makes the account wait before an address that has failed for it may try again:
 * 30 s, then twice as long each time, up to 15 minutes. An address with no failure for the
 * account is never held back, so the real owner signs in from their own device; a reset starts
 * the count afresh.
 */
export const ACCOUNT_DELAY = {
  freeFailures: 10,
  windowMs: 24 * 60 * MINUTE,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * MINUTE,
} as const;

/** The wait imposed after the account's `failures`-th failure in the window (0: none yet). */
export function accountDelayMs(failures: number): number {
  const over = failures - ACCOUNT_DELAY.freeFailures;
  if (over < 0) return 0;
  return Math.min(ACCOUNT_DELAY.firstDelayMs * 2 ** Math.min(over, 20), ACCOUNT_DELAY.maxDelayMs);
}

const SESSION_NOT_FOUND = 'Session not found or already signed out.';

/** A valid-looking hash to verify against when the e-mail is unknown, so timing does not tell. */
let decoyHash: Promise<string> | undefined;

/**
 * Sessions that end, for whoever holds live connections: room presence disconnects their sockets
 * (modules/room-presence), room notes close their own websocket's connections, on every node.
 * Published after the session rows are gone.
 */
export interface SessionEvents {
  /** Every session of the user ended, but `keepSessionId` (the device that changed the password). */
  'user-sessions-ended': { userId: string; keepSessionId?: string };
  /**
   * One device session ended (signed out, or ended from the device list). `endedElsewhere`: its
   * connections are told why; false when the device signed itself out.
   */
  'session-ended': { sessionId: string; endedElsewhere: boolean };
}

export interface AuthServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: AuthRepository;
  config: Pick<Config, 'rateLimitFactor' | 'publicUrl'>;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  jwtSecret: Uint8Array;
  passwordCost: PasswordCost;
  log: FastifyBaseLogger;
  /** The account records. */
  users: Pick<
    UsersService,
    | 'createAccount'
    | 'findAccount'
    | 'findAccountByEmail'
    | 'findSessionUser'
    | 'revokeTokens'
    | 'setPassword'
    | 'deleteAccount'
  >;
  /** Where ended sessions are announced: their open connections end with them. */
  events: EventPublisher<SessionEvents>;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, config, rateLimiter, mailer, jwtSecret, passwordCost, log, users, events } = deps;
  const authRepo = repo;
  const factor = config.rateLimitFactor;

  /** The per-address rule scaled by RATE_LIMIT_FACTOR (never below one attempt). */
  const perIp = (rule: LimitRule): LimitRule => ({
    max: Math.max(1, Math.floor(rule.max * factor)),
    windowMs: rule.windowMs,
  });

  async function tooMany(key: string): Promise<AppError> {
    const waitMs = await rateLimiter.msUntilReset(key);
    return AppError.tooManyRequests(tooManyAttemptsMessage(waitMs), waitMs);
  }

  /** Counts one attempt against `key`; 429 once the rule's allowance is used up. */
  async function limit(key: string, rule: LimitRule) {
    if ((await rateLimiter.hit(key, rule.windowMs)) > rule.max) throw await tooMany(key);
  }

  /** 429 when `key` already holds `rule.max` counted failures; counts nothing itself. */
  async function refuseIfExhausted(key: string, rule: LimitRule) {
    if ((await rateLimiter.count(key)) >= rule.max) throw await tooMany(key);
  }

  /**
   * After the shape rules of docs/product.md §3.3 (checked by the shared schema in the route), so
   * their messages and order stay as the product has them.
   */
  function refuseCommon(password: string) {
    if (isCommonPassword(password)) throw AppError.badRequest(MESSAGES.passwordTooCommon);
  }

  /** Starts a device session (a row per sign-in) and signs a token naming it. */
  async function issue(userId: string, version: number, userAgent: string | undefined) {
    const sessionId = newId();
    // Each sign-in also forgets the account's sessions whose tokens have all expired.
    await authRepo.deleteStaleSessions(userId, new Date(Date.now() - SESSION_DEAD_AFTER_MS));
    await authRepo.insertSession({ id: sessionId, userId, device: storedUserAgent(userAgent) });
    return signToken(jwtSecret, { userId, version, sessionId });
  }

  /**
   * Where every session of a user ends together ("Sign out of all devices", a password change
   * or reset, a deleted account): the rows go (all, or all but the device that changed the
   * password) and the end is announced: room presence drops those sessions' connections on every
   * node, telling each why, so no live connection outlives its token.
   */
  async function endSessions(userId: string, keepSessionId?: string) {
    await authRepo.deleteSessions(userId, keepSessionId);
    await events.emit('user-sessions-ended', { userId, keepSessionId });
  }

  /** One device session ended: its live connections, and any others, end on every node. */
  async function endOneSession(sessionId: string, endedElsewhere: boolean) {
    await events.emit('session-ended', { sessionId, endedElsewhere });
  }

  /**
   * Mails a fresh single-use link to /verify-email/:token for the account's address; only the
   * token's SHA-256 is stored, with the address it proves (docs/decisions/0017-proof-of-the-mailbox.md).
   */
  async function mailVerificationLink(account: { id: string; name: string; email: string }) {
    const token = newSecretToken();
    await authRepo.insertVerifyToken({
      id: newId(),
      userId: account.id,
      email: account.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + VERIFY_EMAIL_TOKEN_TTL_MS),
    });
    const link = `${config.publicUrl}/verify-email/${token}`;
    await mailer.send({
      to: account.email,
      subject: 'Verify your email address for StudyCircle',
      text: verifyText(account.name, link),
      html: verifyHtml(account.name, link),
    });
  }

  return {
    /**
     * The auth part of deleting an account, on its transaction: its device sessions and open
     * reset and verification links (docs/decisions/0065-account-deletion-in-one-transaction.md). The open connections end after the commit
     * (`deleteAccount`).
     */
    deleteAccountData(tx: Tx, userId: string): Promise<void> {
      return deleteAuthDataOfAccount(tx, userId);
    },

    async register(input: RegisterInput, ip: string, userAgent?: string): Promise<AuthResponse> {
      refuseCommon(input.password);
      await limit(`register:ip:${ip}`, perIp(IP_LIMITS.registerPerIp));
      if (await users.findAccountByEmail(input.email)) throw AppError.conflict(MESSAGES.emailTaken);
      const passwordHash = await hashPassword(input.password, passwordCost);
      let row;
      try {
        row = await users.createAccount({
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
      // Sent after answering: registration must not wait on, or fail with, the mail server
      // (docs/product.md §3.3 is unchanged); the banner offers to send the link again.
      void mailVerificationLink(row).catch((err: unknown) =>
        log.error({ err, userId: row.id }, 'could not send the verification mail'),
      );
      return { token: await issue(row.id, row.tokenVersion, userAgent), user: toPublicUser(row) };
    },

    /**
     * Mails the signed-in user a new verification link (the banner's Resend). 409 when the
     * address is verified already, 429 past the account's hourly allowance, 503 when the mail
     * cannot be handed over. Earlier unused links keep working until one of them is used.
     */
    async resendVerification(user: AuthUser): Promise<VerifyEmailResponse> {
      const row = await users.findAccount(user.id);
      if (!row) throw AppError.unauthorized(MESSAGES.sessionExpired);
      if (row.emailVerifiedAt) throw AppError.conflict(VERIFY_EMAIL_MESSAGES.alreadyVerified);
      await limit(`verify-mail:${row.id}`, ACCOUNT_LIMITS.verifyMailsPerUser);
      try {
        await mailVerificationLink(row);
      } catch (err) {
        log.error({ err, userId: row.id }, 'could not send the verification mail');
        throw new AppError(ERROR_CODES.internal, 503, VERIFY_EMAIL_MESSAGES.resendFailed);
      }
      return { ok: true, message: VERIFY_EMAIL_MESSAGES.resent };
    },

    /**
     * Uses a mailed verification link. Public: the link may be opened in another browser than
     * the one signed in. A second use of a link that already verified its address answers the
     * same success; unknown, expired or superseded links answer 400.
     */
    async verifyEmail(token: string, ip: string): Promise<VerifyEmailResponse> {
      await limit(`verify:ip:${ip}`, perIp(IP_LIMITS.verifyPerIp));
      const invalid = () =>
        new AppError(ERROR_CODES.invalidVerifyToken, 400, VERIFY_EMAIL_MESSAGES.linkInvalid);
      // Tokens are 43 base64url characters; anything else cannot match, so skip the hashing.
      if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw invalid();
      const outcome = await authRepo.consumeVerifyToken(hashToken(token), new Date());
      if (outcome === 'invalid') throw invalid();
      return {
        ok: true,
        message:
          outcome === 'verified'
            ? VERIFY_EMAIL_MESSAGES.verified
            : VERIFY_EMAIL_MESSAGES.alreadyVerified,
      };
    },

    async login(input: LoginInput, ip: string, userAgent?: string): Promise<AuthResponse> {
      const ipFailuresKey = `login:fail:ip:${ip}`;
      const ipRule = perIp(IP_LIMITS.loginFailuresPerIp);
      // Only failures count against an address, so the check does not add to it.
      await refuseIfExhausted(ipFailuresKey, ipRule);
      const row = await users.findAccountByEmail(input.email);
      // Account counters are keyed by the password they guess at: a reset or change of the
      // password starts them afresh (unknown addresses are counted alike, so nothing tells).
      const account = `${input.email}:${row ? hashToken(row.passwordHash).slice(0, 12) : '-'}`;
      const pairKey = `login:fail:${account}:${ip}`;
      const delayKey = `login:delay:${account}`;
      const pairFailures = await rateLimiter.count(pairKey);
      if (pairFailures >= ACCOUNT_LIMITS.loginFailuresPerEmailIp.max) throw await tooMany(pairKey);
      // The growing delay holds back only addresses that have already failed for this account.
      if (pairFailures > 0 && (await rateLimiter.msUntilReset(delayKey)) > 0) {
        throw await tooMany(delayKey);
      }
      decoyHash ??= hashPassword('decoy-password', passwordCost);
      const valid = await verifyPassword(input.password, row?.passwordHash ?? (await decoyHash));
      if (!row || !valid) {
        await rateLimiter.hit(ipFailuresKey, ipRule.windowMs);
        await rateLimiter.hit(pairKey, ACCOUNT_LIMITS.loginFailuresPerEmailIp.windowMs);
        const failures = await rateLimiter.hit(`login:fail:${account}`, ACCOUNT_DELAY.windowMs);
        const delayMs = accountDelayMs(failures);
        if (delayMs > 0) await rateLimiter.restart(delayKey, delayMs);
        throw AppError.unauthorized(MESSAGES.invalidCredentials, ERROR_CODES.invalidCredentials);
      }
      await rateLimiter.reset(pairKey);
      return { token: await issue(row.id, row.tokenVersion, userAgent), user: toPublicUser(row) };
    },

    /**
     * Sign Out: ends this device's session only (docs/product.md §3.8); the account's other
     * devices stay signed in. Other tabs of this browser share the token and end with it.
     */
    async logout(user: AuthUser): Promise<void> {
      await authRepo.deleteSession(user.id, user.sessionId);
      await endOneSession(user.sessionId, false);
    },

    /** Settings' list of signed-in devices: this one first, then the most recently seen. */
    async listSessions(user: AuthUser): Promise<DeviceSessionsResponse> {
      await limit(`sessions:list:${user.sessionId}`, ACCOUNT_LIMITS.sessionListsPerDevice);
      const rows = await authRepo.listSessions(
        user.id,
        new Date(Date.now() - SESSION_DEAD_AFTER_MS),
      );
      const sessions = rows.map((row) => {
        const { label, browser, system, deviceType } = describeUserAgent(row.device);
        return {
          id: row.id,
          device: label,
          browser,
          system,
          deviceType,
          signedInAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === user.sessionId,
        };
      });
      sessions.sort((a, b) => Number(b.current) - Number(a.current));
      return { sessions };
    },

    /** Ends one of the account's sessions (another device, or this one); 404 when not theirs. */
    async endSession(user: AuthUser, sessionId: string): Promise<void> {
      // Counted before the lookup, so probing ids that are not the account's costs the same.
      await limit(`sessions:end:${user.sessionId}`, ACCOUNT_LIMITS.sessionEndsPerDevice);
      if (!(await authRepo.deleteSession(user.id, sessionId))) {
        throw AppError.notFound(SESSION_NOT_FOUND);
      }
      await endOneSession(sessionId, sessionId !== user.sessionId);
    },

    /**
     * "Sign out of all devices": every session ends, this one included. The token version is
     * bumped too, so a token whose row somehow survived is refused all the same.
     */
    async logoutAll(user: AuthUser): Promise<void> {
      await limit(`sessions:end:${user.sessionId}`, ACCOUNT_LIMITS.sessionEndsPerDevice);
      await users.revokeTokens(user.id);
      await endSessions(user.id);
    },

    /**
     * Always answers the same way, whether or not the address has an account, and sends the mail
     * after answering so response time does not reveal it either.
     */
    async forgotPassword(input: ForgotPasswordInput, ip: string): Promise<void> {
      await limit(`forgot:ip:${ip}`, perIp(IP_LIMITS.forgotPerIp));
      const mailCount = await rateLimiter.hit(
        `forgot:mail:${input.email}`,
        ACCOUNT_LIMITS.forgotMailsPerEmail.windowMs,
      );
      if (mailCount > ACCOUNT_LIMITS.forgotMailsPerEmail.max) return;
      void (async () => {
        const row = await users.findAccountByEmail(input.email);
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
      await limit(`reset:ip:${ip}`, perIp(IP_LIMITS.resetPerIp));
      const invalid = () =>
        new AppError(ERROR_CODES.invalidResetToken, 400, MESSAGES.resetLinkInvalid);
      if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw invalid();
      refuseCommon(password);
      const passwordHash = await hashPassword(password, passwordCost);
      const userId = await authRepo.consumeResetToken(hashToken(token), passwordHash, new Date());
      if (!userId) throw invalid();
      await endSessions(userId);
    },

    /**
     * Changes the password of a signed-in user: every other device's session ends, this one
     * continues with the fresh token returned (earlier tokens, this device's too, die).
     */
    async changePassword(
      { id: userId, sessionId }: Pick<AuthUser, 'id' | 'sessionId'>,
      currentPassword: string,
      newPassword: string,
    ) {
      const failuresKey = `change-password:fail:${userId}`;
      const rule = ACCOUNT_LIMITS.changePasswordFailuresPerUser;
      await refuseIfExhausted(failuresKey, rule);
      const row = await users.findAccount(userId);
      if (!row || !(await verifyPassword(currentPassword, row.passwordHash))) {
        await rateLimiter.hit(failuresKey, rule.windowMs);
        throw AppError.badRequest(ACCOUNT_MESSAGES.currentPasswordIncorrect);
      }
      await rateLimiter.reset(failuresKey);
      refuseCommon(newPassword);
      const version = await users.setPassword(
        userId,
        await hashPassword(newPassword, passwordCost),
      );
      // This device stays signed in with a new token for the same session; every other ends.
      await endSessions(userId, sessionId);
      return {
        token: await signToken(jwtSecret, { userId, version: version ?? 0, sessionId }),
        user: toPublicUser(row),
      };
    },

    /**
     * Deletes the signed-in user's account once their password confirms it, and what they own
     * (see the users repository's deleteAccount for the rule on owned rooms). Every token dies
     * with the account, since the user row the tokens point at is gone.
     */
    async deleteAccount(userId: string, password: string) {
      const failuresKey = `delete-account:fail:${userId}`;
      const rule = ACCOUNT_LIMITS.deleteAccountFailuresPerUser;
      await refuseIfExhausted(failuresKey, rule);
      const row = await users.findAccount(userId);
      if (!row) throw AppError.unauthorized(MESSAGES.sessionExpired);
      if (!(await verifyPassword(password, row.passwordHash))) {
        await rateLimiter.hit(failuresKey, rule.windowMs);
        throw AppError.badRequest(ACCOUNT_MESSAGES.passwordIncorrect);
      }
      const deleted = await users.deleteAccount(userId);
      if (!deleted) throw AppError.unauthorized(MESSAGES.sessionExpired);
      await rateLimiter.reset(failuresKey);
      // The account is gone: its open connections, on every node, end with it.
      await endSessions(userId);
      return deleted;
    },

    /** The user a bearer token stands for, or an error saying why not. Used by HTTP and sockets. */
    async authenticateToken(token: string | undefined): Promise<AuthUser> {
      if (!token) throw AppError.unauthorized(MESSAGES.noToken);
      const result = await verifyToken(jwtSecret, token);
      if (!result.ok) {
        throw AppError.unauthorized(result.expired ? MESSAGES.sessionExpired : 'Invalid token');
      }
      const { userId, sessionId, version } = result.claims;
      const row = await users.findSessionUser(userId, sessionId);
      // The session was signed out (here or elsewhere) or every session was ended: the client
      // tells its user they were signed out on another device (docs/product.md §3.8).
      if (!row || row.tokenVersion !== version) {
        throw AppError.unauthorized(MESSAGES.sessionExpired, ERROR_CODES.sessionEnded);
      }
      const now = Date.now();
      if (now - row.sessionLastSeenAt.getTime() > LAST_SEEN_PRECISION_MS) {
        // Best effort and not awaited: "last seen" is approximate, and a lost update is harmless.
        void authRepo
          .touchSession(sessionId, new Date(now), new Date(now - LAST_SEEN_PRECISION_MS))
          .catch((err: unknown) => log.warn({ err }, 'could not refresh a session last-seen time'));
      }
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        emailVerified: row.emailVerifiedAt !== null,
        sessionId,
      };
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

function verifyText(name: string, link: string): string {
  return [
    `Hi ${name},`,
    '',
    'Welcome to StudyCircle! Please confirm that this is your email address by opening this link:',
    '',
    link,
    '',
    'The link works once and expires in 24 hours. Until then, room invitations open only from the link in their own mail.',
    '',
    'If you did not create a StudyCircle account, ignore this e-mail.',
    '',
    '— The StudyCircle team',
  ].join('\n');
}

function verifyHtml(name: string, link: string): string {
  const safeLink = escapeHtml(link);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hi ${escapeHtml(name)},</p>
<p>Welcome to StudyCircle! Please confirm that this is your email address.</p>
<p><a href="${safeLink}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Verify your email address</a></p>
<p>Or paste this link into your browser: <br>${safeLink}</p>
<p>The link works once and expires in 24 hours. Until then, room invitations open only from the link in their own mail.</p>
<p>If you did not create a StudyCircle account, ignore this e-mail.</p>
<p>— The StudyCircle team</p>
</body></html>`;
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
