import {
  INVITATION_MESSAGES,
  INVITATION_TTL_MS,
  ERROR_CODES,
  ROOM_MESSAGES,
  VERIFY_EMAIL_MESSAGES,
  tooManyAttemptsMessage,
  type AcceptInvitationResponse,
  type AssignableRole,
  type Invitation,
  type InvitationView,
  type PendingInvitation,
  type MyInvitation,
} from '@studycircle/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newId, newSecretToken } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { escapeHtml, type Mail, type Mailer } from '../../mail/mailer.js';
import type { AuthUser } from '../auth/auth.types.js';
import type { RoomsService } from '../rooms/rooms.service.js';
import type { UsersService } from '../users/users.service.js';
import {
  deleteInvitationsOfAccount,
  type InvitationsRepository,
} from './invitations.repository.js';

/**
 * Invitations to a room by e-mail: an owner or admin invites an address with a role; the mail
 * carries a single-use link to /invite/:token valid 7 days; the account that owns that address
 * accepts it and joins with that role. Only the token's SHA-256 is stored.
 *
 * Holding the link proves the mailbox. The bell's list and accept-by-id have no link, so they
 * trust the account's address only once it is verified (docs/decisions/0017-proof-of-the-mailbox.md).
 */

/** How many times a create gives way to a concurrent change of the same invitation. */
const RACE_ATTEMPTS = 3;

/**
 * An invitation (re)issued this recently with the same role is not mailed again by a new
 * invitation to the address: a double click, a second tab or two managers at once send one mail,
 * not one each. The Resend action is not held back (docs/decisions/0017).
 */
export const REINVITE_QUIET_MS = 10_000;

/** The bell lists at most this many pending invitations. */
export const PENDING_INVITATIONS_LIMIT = 20;

/**
 * Mails are sent on behalf of a user: at most 30 invitations per inviter per hour, times
 * RATE_LIMIT_FACTOR (a lecturer inviting a large class raises it with the rest).
 */
export const INVITATION_RATE_LIMIT = { max: 30, windowMs: 60 * 60 * 1000 } as const;

export interface InvitationsServiceDeps {
  /** Its own repository, built on the database in services.ts: a service never holds `Db`. */
  repo: InvitationsRepository;
  config: Pick<Config, 'publicUrl' | 'rateLimitFactor'>;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** Who may invite to a room (its owner and admins). */
  rooms: Pick<RoomsService, 'requireRole'>;
  /** The inviter's name on the invitation page. */
  users: Pick<UsersService, 'getSummary'>;
  now?: () => Date;
}

export function createInvitationsService({
  repo,
  config,
  mailer,
  rateLimiter,
  log,
  rooms,
  users,
  now: clock,
}: InvitationsServiceDeps) {
  const deps = { mailer, rateLimiter, publicUrl: config.publicUrl, log };
  const now = clock ?? (() => new Date());

  /** Consumes a found invitation for `user`, with the checks and outcomes both accept paths share. */
  async function acceptFound(
    user: AuthUser,
    inv: { id: string; roomId: string; email: string; expiresAt: Date; acceptedAt: Date | null },
  ): Promise<AcceptInvitationResponse> {
    const at = now();
    if (inv.acceptedAt) throw new AppError('NOT_FOUND', 410, INVITATION_MESSAGES.used);
    if (inv.expiresAt <= at) throw new AppError('NOT_FOUND', 410, INVITATION_MESSAGES.expired);
    const outcome = await repo.accept(inv.id, user.id, at);
    if (outcome.kind === 'gone') throw new AppError('NOT_FOUND', 410, INVITATION_MESSAGES.used);
    if (outcome.kind === 'full') throw AppError.conflict(ROOM_MESSAGES.roomFull);
    return { roomId: inv.roomId, role: outcome.role };
  }

  /** The invitation behind a link, or undefined when the token is malformed or unknown. */
  async function find(token: string) {
    // Tokens are 43 base64url characters; anything else cannot match, so skip the hashing.
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
    return repo.findByTokenHash(hashToken(token));
  }

  /** Counts one invitation mail against the inviter's hourly allowance; 429 past it. */
  async function spendAllowance(userId: string) {
    const limitKey = `invite:${userId}`;
    if (
      (await deps.rateLimiter.hit(limitKey, INVITATION_RATE_LIMIT.windowMs)) >
      Math.max(1, Math.floor(INVITATION_RATE_LIMIT.max * config.rateLimitFactor))
    ) {
      const waitMs = await deps.rateLimiter.msUntilReset(limitKey);
      throw AppError.tooManyRequests(tooManyAttemptsMessage(waitMs), waitMs);
    }
  }

  /** Mails the link; a mail that cannot be handed over is reported as 503 after `undo`. */
  async function mail(
    m: Parameters<typeof invitationMail>[0],
    invitationId: string,
    undo: () => Promise<void>,
  ) {
    try {
      await deps.mailer.send(invitationMail(m));
    } catch (err) {
      deps.log.error({ err, invitationId }, 'invitation mail could not be sent');
      await undo();
      throw new AppError('INTERNAL', 503, 'The invitation could not be sent right now.');
    }
  }

  const linkFor = (token: string) => `${deps.publicUrl.replace(/\/+$/, '')}/invite/${token}`;

  /**
   * Gives an unaccepted invitation a fresh token and a full validity period and mails the new
   * link; the old link stops working at once. Should the mail fail, the previous token and
   * expiry are put back, so the invitation is exactly as usable as before.
   *
   * Resolves undefined, having mailed nothing, when the invitation no longer carries the token
   * `existing` was read with: a concurrent request re-issued, accepted or cancelled it first, and
   * the invitee gets one mail, not one per request.
   */
  async function reissue(
    existing: { id: string; tokenHash: string; role: string; inviterId: string; expiresAt: Date },
    target: {
      email: string;
      role: AssignableRole;
      roomName: string;
      inviter: { id: string; name: string };
    },
  ): Promise<Date | undefined> {
    const token = newSecretToken();
    const tokenHash = hashToken(token);
    const expiresAt = new Date(now().getTime() + INVITATION_TTL_MS);
    const refreshed = await repo.refresh(existing.id, existing.tokenHash, {
      tokenHash,
      expiresAt,
      role: target.role,
      inviterId: target.inviter.id,
    });
    if (!refreshed) return undefined;
    await mail(
      {
        to: target.email,
        roomName: target.roomName,
        inviterName: target.inviter.name,
        role: target.role,
        link: linkFor(token),
        expiresAt,
      },
      existing.id,
      async () => {
        // Put back only if nobody changed it since: their link is the one that went out.
        await repo.refresh(existing.id, tokenHash, {
          tokenHash: existing.tokenHash,
          expiresAt: existing.expiresAt,
          role: existing.role as AssignableRole,
          inviterId: existing.inviterId,
        });
      },
    );
    return expiresAt;
  }

  /**
   * Inserts a new invitation and mails its link. Resolves undefined, having mailed nothing, when
   * a concurrent request created the room's open invitation for the address first (the partial
   * unique index decides).
   */
  async function insertAndMail(
    room: { id: string; name: string },
    inviter: { id: string; name: string },
    input: { email: string; role: AssignableRole },
  ): Promise<Date | undefined> {
    const token = newSecretToken();
    const tokenHash = hashToken(token);
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + INVITATION_TTL_MS);
    const id = newId();
    const inserted = await repo.insertOpen({
      id,
      roomId: room.id,
      inviterId: inviter.id,
      tokenHash,
      email: input.email,
      role: input.role,
      expiresAt,
      createdAt,
    });
    if (!inserted) return undefined;
    await mail(
      {
        to: input.email,
        roomName: room.name,
        inviterName: inviter.name,
        role: input.role,
        link: linkFor(token),
        expiresAt,
      },
      id,
      () => repo.delete(id, tokenHash),
    );
    return expiresAt;
  }

  /**
   * An admin may neither downgrade nor replace an open admin invitation (docs/product.md §6.1):
   * granting admin is the owner's alone, and so is taking such an offer back by re-inviting as
   * member.
   */
  function refuseReplacing(room: { role: string | null }, open: { role: string } | undefined) {
    if (open?.role === 'admin' && room.role !== 'owner') {
      throw AppError.forbidden(INVITATION_MESSAGES.adminInvitationPending);
    }
  }

  /** The bell trusts the account's address only once the account proved it reads that mailbox. */
  function requireVerified(user: AuthUser) {
    if (!user.emailVerified) {
      throw new AppError(
        ERROR_CODES.emailNotVerified,
        403,
        VERIFY_EMAIL_MESSAGES.bellNeedsVerifiedEmail,
      );
    }
  }

  const inviterName = async (inviterId: string) =>
    (await users.getSummary(inviterId))?.name ?? 'A StudyCircle member';

  /** The room when the caller is its owner or an admin (403 otherwise). */
  const requireManager = (user: AuthUser, roomId: string) =>
    rooms.requireRole(roomId, user.id, ['owner', 'admin'], ROOM_MESSAGES.ownerOrAdminOnly);

  /** A pending invitation of the room by id, one the caller may change: 404 / 403 otherwise. */
  async function requireOpen(room: { id: string; role: string | null }, invitationId: string) {
    const inv = /^[0-9a-f]{24}$/.test(invitationId)
      ? await repo.findOpenById(room.id, invitationId)
      : undefined;
    if (!inv || inv.expiresAt <= now()) {
      throw AppError.notFound(INVITATION_MESSAGES.pendingNotFound);
    }
    // Granting admin is the owner's alone, so is re-sending or withdrawing such an offer.
    if (inv.role === 'admin' && room.role !== 'owner') {
      throw AppError.forbidden(INVITATION_MESSAGES.adminManagesMemberInvitations);
    }
    return inv;
  }

  return {
    /**
     * The invitations' part of deleting an account, on its transaction (docs/decisions/0065-account-deletion-in-one-transaction.md): those it sent go,
     * pending ones addressed to its e-mail are cancelled.
     */
    deleteAccountData(tx: Tx, account: { id: string; email: string }): Promise<void> {
      return deleteInvitationsOfAccount(tx, account);
    },

    /**
     * Invites `email` into the room with `role` (owner or admin; admins invite members only) and
     * mails the link. An address that already belongs to a member gets 409. An address with an
     * unaccepted invitation to the room gets that invitation again, with a fresh link and the
     * requested role (`resent: true`): one invitation per room and address, never two live
     * links; an admin may not replace an admin invitation (403). When the mail cannot be handed
     * over, the change is undone and 503 returned.
     *
     * Requests that race for one address (a double click, two tabs, several admins) meet at the
     * database: the partial unique index lets one insert win, the re-issue is a compare-and-set,
     * and a request asking for what was sent in the last REINVITE_QUIET_MS answers with it and
     * mails nothing.
     */
    async create(
      user: AuthUser,
      roomId: string,
      input: { email: string; role: AssignableRole },
    ): Promise<{ invitation: Invitation; resent: boolean }> {
      const room = await requireManager(user, roomId);
      // Granting admin is a role change, and role changes are the owner's alone.
      if (input.role === 'admin' && room.role !== 'owner') {
        throw AppError.forbidden(INVITATION_MESSAGES.ownerInvitesAdmins);
      }
      if (await repo.isMemberByEmail(room.id, input.email)) {
        throw AppError.conflict(INVITATION_MESSAGES.alreadyMember);
      }
      let open = await repo.findOpenForEmail(room.id, input.email);
      refuseReplacing(room, open);
      await spendAllowance(user.id);
      const summary = (expiresAt: Date, role = input.role, name = user.name): Invitation => ({
        roomId: room.id,
        roomName: room.name,
        inviterName: name,
        email: input.email,
        role,
        expiresAt: expiresAt.toISOString(),
      });
      for (let attempt = 0; attempt < RACE_ATTEMPTS; attempt += 1) {
        if (open) {
          refuseReplacing(room, open);
          // This very invitation went out a moment ago: the invitee has its mail already.
          const issuedAt = open.expiresAt.getTime() - INVITATION_TTL_MS;
          if (open.role === input.role && now().getTime() - issuedAt < REINVITE_QUIET_MS) {
            const name = await inviterName(open.inviterId);
            return { invitation: summary(open.expiresAt, input.role, name), resent: true };
          }
          const expiresAt = await reissue(open, {
            email: input.email,
            role: input.role,
            roomName: room.name,
            inviter: user,
          });
          if (expiresAt) return { invitation: summary(expiresAt), resent: true };
        } else {
          const expiresAt = await insertAndMail(room, user, input);
          if (expiresAt) return { invitation: summary(expiresAt), resent: false };
        }
        open = await repo.findOpenForEmail(room.id, input.email);
      }
      throw AppError.conflict(INVITATION_MESSAGES.changedMeanwhile);
    },

    /** The room's pending invitations, newest first (owner and admins). */
    async listPending(user: AuthUser, roomId: string): Promise<PendingInvitation[]> {
      const room = await requireManager(user, roomId);
      const rows = await repo.listPending(room.id, now());
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role as AssignableRole,
        inviterName: row.inviterName,
        expiresAt: row.expiresAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /**
     * Sends a pending invitation again with a fresh single-use link valid for the full period;
     * the previous link stops working. Counts against the inviter's hourly allowance.
     */
    async resend(user: AuthUser, roomId: string, invitationId: string): Promise<PendingInvitation> {
      const room = await requireManager(user, roomId);
      const inv = await requireOpen(room, invitationId);
      await spendAllowance(user.id);
      const role = inv.role as AssignableRole;
      const expiresAt = await reissue(inv, {
        email: inv.email,
        role,
        roomName: room.name,
        inviter: user,
      });
      if (!expiresAt) {
        // Re-sent or changed a moment ago (a double click, another manager): what is pending now
        // is the answer, and the invitee gets no second mail for it.
        const current = await requireOpen(room, invitationId);
        return {
          id: current.id,
          email: current.email,
          role: current.role as AssignableRole,
          inviterName: await inviterName(current.inviterId),
          expiresAt: current.expiresAt.toISOString(),
          createdAt: current.createdAt.toISOString(),
        };
      }
      return {
        id: inv.id,
        email: inv.email,
        role,
        inviterName: user.name,
        expiresAt: expiresAt.toISOString(),
        createdAt: inv.createdAt.toISOString(),
      };
    },

    /** Withdraws a pending invitation: its link reads as not found from then on. */
    async cancel(user: AuthUser, roomId: string, invitationId: string): Promise<void> {
      const room = await requireManager(user, roomId);
      const inv = await requireOpen(room, invitationId);
      if (!(await repo.deleteOpen(room.id, inv.id))) {
        throw AppError.notFound(INVITATION_MESSAGES.pendingNotFound);
      }
    },

    /**
     * What the invitation page shows. Unknown, expired and used links all read the same 404,
     * except to the account that accepted it (`viewerId`, when the page is asked signed in): that
     * one reads `accepted`, so reopening the mail leads back to the room instead of an error.
     */
    async get(token: string, viewerId?: string): Promise<InvitationView> {
      const inv = await find(token);
      const acceptedByViewer = Boolean(inv?.acceptedAt && viewerId && inv.acceptedBy === viewerId);
      if (!inv || (!acceptedByViewer && (inv.acceptedAt || inv.expiresAt <= now()))) {
        throw AppError.notFound(INVITATION_MESSAGES.notFound);
      }
      const inviter = await users.getSummary(inv.inviterId);
      return {
        state: acceptedByViewer ? 'accepted' : 'pending',
        roomId: inv.roomId,
        roomName: inv.roomName,
        inviterName: inviter?.name ?? 'A StudyCircle member',
        email: inv.email,
        role: inv.role as AssignableRole,
        expiresAt: inv.expiresAt.toISOString(),
      };
    },

    /**
     * Accepts for the signed-in user, whose account e-mail must be the invited one (403
     * otherwise, and the invitation stays usable for its owner). Used or expired: 410.
     */
    async accept(user: AuthUser, token: string): Promise<AcceptInvitationResponse> {
      const inv = await find(token);
      if (!inv) throw AppError.notFound(INVITATION_MESSAGES.notFound);
      const at = now();
      if (inv.acceptedAt) throw new AppError('NOT_FOUND', 410, INVITATION_MESSAGES.used);
      if (inv.expiresAt <= at) throw new AppError('NOT_FOUND', 410, INVITATION_MESSAGES.expired);
      // Both sides are stored lower-cased; comparing them binds the link to one mailbox.
      if (user.email.toLowerCase() !== inv.email.toLowerCase()) {
        throw AppError.forbidden(INVITATION_MESSAGES.wrongAccount);
      }
      return acceptFound(user, inv);
    },

    /**
     * The signed-in user's pending invitations: sent to their account e-mail, unused, unexpired.
     * Only for a verified address (403 otherwise): anyone can register any address.
     */
    async listMine(user: AuthUser): Promise<MyInvitation[]> {
      requireVerified(user);
      const rows = await repo.listPendingForEmail(
        user.email.toLowerCase(),
        now(),
        PENDING_INVITATIONS_LIMIT,
      );
      return rows.map((row) => ({
        id: row.id,
        roomId: row.roomId,
        roomName: row.roomName,
        inviterName: row.inviterName,
        email: row.email,
        role: row.role as AssignableRole,
        expiresAt: row.expiresAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /**
     * Accepts a pending invitation by its id, for the bell: the mailed token is stored only
     * hashed, so the list cannot link to /invite/:token. The id is no secret, so what makes this
     * safe is that the signed-in account's e-mail must be the invited one and verified: the
     * account has shown it reads that mailbox, as holding the link would show (403 before any
     * lookup otherwise). Anyone else gets the same 404 as an unknown id, so ids cannot be probed.
     */
    async acceptMine(user: AuthUser, id: string): Promise<AcceptInvitationResponse> {
      requireVerified(user);
      const inv = /^[0-9a-f]{24}$/.test(id) ? await repo.findById(id) : undefined;
      if (!inv || user.email.toLowerCase() !== inv.email.toLowerCase()) {
        throw AppError.notFound(INVITATION_MESSAGES.notFound);
      }
      return acceptFound(user, inv);
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;

const ROLE_LABEL = { admin: 'an admin', member: 'a member' } as const;

/** The invitation mail: text and HTML parts, every user-supplied string escaped in the HTML. */
export function invitationMail(m: {
  to: string;
  roomName: string;
  inviterName: string;
  role: AssignableRole;
  link: string;
  expiresAt: Date;
}): Mail {
  // Header lines must stay single-line whatever a room is called.
  const roomLine = m.roomName.replace(/[\r\n]+/g, ' ');
  const inviterLine = m.inviterName.replace(/[\r\n]+/g, ' ');
  const expires = m.expiresAt.toUTCString();
  const text = [
    `Hi,`,
    '',
    `${inviterLine} invited you to join the study room "${roomLine}" on StudyCircle as ${ROLE_LABEL[m.role]}.`,
    '',
    `Accept the invitation: ${m.link}`,
    '',
    `The link works once and expires on ${expires}. Sign in (or create an account) with ${m.to} to accept it.`,
    '',
    "If you weren't expecting this, you can ignore this mail.",
  ].join('\n');
  const html = [
    '<div style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px">',
    '<h2 style="color:#4338ca;margin:0 0 12px">You are invited to a study room</h2>',
    `<p><strong>${escapeHtml(inviterLine)}</strong> invited you to join <strong>${escapeHtml(roomLine)}</strong> on StudyCircle as ${ROLE_LABEL[m.role]}.</p>`,
    `<p><a href="${escapeHtml(m.link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">Accept invitation</a></p>`,
    `<p style="color:#475569;font-size:13px">Or open this link: ${escapeHtml(m.link)}<br>It works once and expires on ${escapeHtml(expires)}. Sign in with ${escapeHtml(m.to)} to accept it.</p>`,
    '<p style="color:#64748b;font-size:13px">If you weren\'t expecting this, you can ignore this mail.</p>',
    '</div>',
  ].join('\n');
  return {
    to: m.to,
    subject: `${inviterLine} invited you to "${roomLine}" on StudyCircle`,
    text,
    html,
  };
}
