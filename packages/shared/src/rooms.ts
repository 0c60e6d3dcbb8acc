import { z } from 'zod';
import { LIMITS } from './constants.js';
import { MESSAGES, tryAgainIn } from './messages.js';
import { EMAIL_PATTERN } from './rules.js';

/**
 * Study rooms, memberships and invitations (docs/product.md §5, §6): the room and
 * invitation shapes the API returns, the bodies it accepts, the join-code rules and every sentence
 * the rooms screens and the server show, so both apps say the same thing.
 */

export const ROOM_ROLES = ['owner', 'admin', 'member'] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];
/** Roles an invitation or a role change may grant: there is exactly one owner per room. */
export const ASSIGNABLE_ROLES = ['admin', 'member'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export const DEFAULT_ROOM_ROLE: RoomRole = 'member';

export const ROOM_STATUSES = ['active', 'studying', 'break'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];
export const DEFAULT_ROOM_STATUS: RoomStatus = 'active';

export const ROOM_VISIBILITIES = ['private', 'public'] as const;
export type RoomVisibility = (typeof ROOM_VISIBILITIES)[number];

/** Which rooms `GET /api/rooms` lists: the caller's, public ones, or both (the default). */
export const ROOM_LIST_SCOPES = ['all', 'mine', 'public'] as const;
export type RoomListScope = (typeof ROOM_LIST_SCOPES)[number];

/** Limits for rooms (docs/product.md §5.1): a default of 50 members and sane bounds. */
export const ROOM_LIMITS = {
  nameMax: 100,
  subjectMax: 100,
  descriptionMax: 1000,
  maxMembersMin: 2,
  maxMembersMax: 500,
  defaultMaxMembers: 50,
  tagsMax: 10,
  tagMax: 30,
  codeMin: 6,
  codeMax: 12,
  /** Length of generated codes: 31^8 ~ 8.5e11 combinations keeps collisions rare. */
  generatedCodeLength: 8,
  searchMax: 100,
  listDefault: 50,
  listMax: 100,
  messagesMax: 200,
} as const;

/** Invitations stay valid for 7 days. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Upper-case letters and digits without look-alikes (no 0/O, 1/I/L), so a code read aloud or
 * copied from a screenshot is typed right. Generated codes only use these.
 */
export const JOIN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A join code once normalised: 6 to 12 upper-case letters or digits (docs/product.md §5.5). */
export const JOIN_CODE_PATTERN = /^[A-Z0-9]{6,12}$/;
/** A room id: 24 hexadecimal characters (docs/product.md §16.5). */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{24}$/i;

export const ROOM_MESSAGES = {
  nameRequired: 'Room name is required',
  nameTooLong: `Room name must be at most ${ROOM_LIMITS.nameMax} characters long`,
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${ROOM_LIMITS.subjectMax} characters long`,
  descriptionInvalid: `Description must be text of at most ${ROOM_LIMITS.descriptionMax} characters`,
  visibilityInvalid: 'Visibility must be private or public',
  isPrivateInvalid: 'isPrivate must be true or false',
  visibilityConflict: 'visibility and isPrivate disagree',
  maxMembersInvalid: `Max members must be a whole number from ${ROOM_LIMITS.maxMembersMin} to ${ROOM_LIMITS.maxMembersMax}`,
  maxMembersBelowCount: 'Max members cannot be lower than the current number of members.',
  statusInvalid: `Status must be one of: ${ROOM_STATUSES.join(', ')}`,
  tagsInvalid: 'Tags must be a list of words',
  tooManyTags: `A room can have at most ${ROOM_LIMITS.tagsMax} tags`,
  tagTooLong: `Each tag must be at most ${ROOM_LIMITS.tagMax} characters long`,
  nothingToUpdate: 'Nothing to update',
  codeRequired: 'Please enter a room code',
  roomNotFound: 'Room not found or invalid code.',
  joinFailed: 'Invalid room code or an error occurred while joining.',
  roomFull: 'This room is full.',
  privateRoom: 'This room is private. Join it with its code or an invitation.',
  membersOnly: 'Only members of this room can do that.',
  ownerOrAdminOnly: 'Only the room owner or an admin can do that.',
  ownerOnly: 'Only the room owner can do that.',
  ownerCannotLeave:
    'The owner cannot leave the room. Delete the room instead, or make someone else owner first.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  cannotRemoveSelf: 'You cannot remove yourself. Leave the room instead.',
  cannotChangeOwner: "The owner's role cannot be changed.",
  cannotRemoveOwner: 'The owner cannot be removed from the room.',
  adminRemovesMembersOnly: 'Admins can only remove members.',
  memberNotFound: 'That person is not a member of this room.',
  roleInvalid: 'Role must be admin or member',
  loadFailed: 'Failed to load room',
  leftSession: 'Left study session.',
  alreadyMember: 'You are already a member of this room.',
  publicRoomJoinDirectly: 'This room is public: join it with Join Room.',
  tooManyJoinRequests: 'This room has too many requests to join waiting. Try again later.',
  tooManyOwnJoinRequests:
    'You have asked to join too many rooms at once. Wait for an answer, or cancel one.',
  joinRequestNotFound: 'That request to join is no longer waiting.',
} as const;

/**
 * Requests to join a private room (docs/decisions/0067-ask-to-join.md): at most this many wait
 * per room, and per account across rooms, so a stranger cannot flood an owner's list.
 */
export const JOIN_REQUEST_LIMITS = { perRoom: 50, perAccount: 20 } as const;

/** The 429 answer to creating a room once the account's hourly allowance is spent. */
export function tooManyRoomsMessage(retryAfterMs: number): string {
  return `You have created the most rooms allowed in an hour. ${tryAgainIn(retryAfterMs)}`;
}

export const INVITATION_MESSAGES = {
  emailRequired: MESSAGES.emailRequired,
  invalidEmail: MESSAGES.invalidEmail,
  roleInvalid: ROOM_MESSAGES.roleInvalid,
  notFound: 'Invitation not found or expired.',
  expired: 'This invitation has expired. Ask for a new one.',
  used: 'This invitation has already been used.',
  acceptedByYou: 'You have already accepted this invitation.',
  wrongAccount:
    'This invitation was sent to a different email address. Sign in with that address to accept it.',
  acceptFailed: 'Failed to accept invitation.',
  ownerInvitesAdmins: 'Only the room owner can invite admins.',
  alreadyMember: 'That person is already a member of this room.',
  sent: 'Invitation sent.',
  resent: 'Invitation sent again with a new link.',
  cancelled: 'Invitation cancelled.',
  pendingNotFound: 'That invitation is no longer pending.',
  adminManagesMemberInvitations: 'Only the room owner can change an admin invitation.',
  /** An admin re-inviting an address whose open invitation grants admin (docs/product.md §6.1). */
  adminInvitationPending:
    'That address already has an admin invitation. Only the room owner can change or re-send it.',
  changedMeanwhile: 'That invitation was just changed by someone else. Please try again.',
} as const;

/** The failure sentence of a room load with an HTTP status (docs/product.md §5.12). */
export function roomLoadFailedMessage(status?: number): string {
  return status ? `Failed to load room: ${status}` : ROOM_MESSAGES.loadFailed;
}

/** Trims and upper-cases a typed code; inner spaces are dropped too ("ab12 cd34" reads as one). */
export function normaliseJoinCode(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/** True when the text, once normalised, has the shape of a join code (6-12 letters or digits). */
export function looksLikeJoinCode(input: string): boolean {
  return JOIN_CODE_PATTERN.test(normaliseJoinCode(input));
}

/** True when the text is a 24-hexadecimal room id. */
export function looksLikeRoomId(input: string): boolean {
  return OBJECT_ID_PATTERN.test(input.trim());
}

/**
 * Trims tags, drops empties and duplicates (ignoring case, keeping the first spelling). Accepts a
 * list or the comma-separated text of a form field.
 */
export function normaliseTags(input: readonly string[] | string): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input;
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of parts) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

// ---------------------------------------------------------------------------------------------
// Field schemas, shared by create and update.

const requiredText = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, required).max(max, tooLong));

const nameField = requiredText(
  ROOM_MESSAGES.nameRequired,
  ROOM_MESSAGES.nameTooLong,
  ROOM_LIMITS.nameMax,
);
const subjectField = requiredText(
  ROOM_MESSAGES.subjectRequired,
  ROOM_MESSAGES.subjectTooLong,
  ROOM_LIMITS.subjectMax,
);
const descriptionField = z
  .string({ error: ROOM_MESSAGES.descriptionInvalid })
  .transform((s) => s.trim())
  .pipe(z.string().max(ROOM_LIMITS.descriptionMax, ROOM_MESSAGES.descriptionInvalid));
const visibilityField = z.enum(ROOM_VISIBILITIES, { error: ROOM_MESSAGES.visibilityInvalid });
const isPrivateField = z.boolean({ error: ROOM_MESSAGES.isPrivateInvalid });
const statusField = z.enum(ROOM_STATUSES, { error: ROOM_MESSAGES.statusInvalid });

/** A whole number in range; a numeric string from a form field ("50") is accepted as well. */
const maxMembersField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: ROOM_MESSAGES.maxMembersInvalid })
    .int(ROOM_MESSAGES.maxMembersInvalid)
    .min(ROOM_LIMITS.maxMembersMin, ROOM_MESSAGES.maxMembersInvalid)
    .max(ROOM_LIMITS.maxMembersMax, ROOM_MESSAGES.maxMembersInvalid),
);

const tagsField = z
  .union([z.array(z.string()), z.string()], { error: ROOM_MESSAGES.tagsInvalid })
  .transform((v) => normaliseTags(v))
  .pipe(
    z
      .array(z.string().max(ROOM_LIMITS.tagMax, ROOM_MESSAGES.tagTooLong))
      .max(ROOM_LIMITS.tagsMax, ROOM_MESSAGES.tooManyTags),
  );

/** Resolves visibility / isPrivate (either may be sent; both must agree when both are). */
function resolvePrivacy(
  v: { visibility?: RoomVisibility | undefined; isPrivate?: boolean | undefined },
  ctx: z.RefinementCtx,
): boolean | undefined {
  const fromVisibility = v.visibility === undefined ? undefined : v.visibility === 'private';
  if (fromVisibility !== undefined && v.isPrivate !== undefined && fromVisibility !== v.isPrivate) {
    ctx.addIssue({ code: 'custom', message: ROOM_MESSAGES.visibilityConflict });
    return z.NEVER;
  }
  return fromVisibility ?? v.isPrivate;
}

/**
 * Body of `POST /api/rooms`. Name and subject are required (checked in that order); the room is
 * private unless `visibility: 'public'` or `isPrivate: false` is sent; maxMembers defaults to 50.
 */
export const CreateRoomInputSchema = z
  .object({
    name: nameField,
    subject: subjectField,
    description: descriptionField.optional(),
    visibility: visibilityField.optional(),
    isPrivate: isPrivateField.optional(),
    maxMembers: maxMembersField.optional(),
    tags: tagsField.optional(),
  })
  .transform((v, ctx) => ({
    name: v.name,
    subject: v.subject,
    description: v.description ?? '',
    isPrivate: resolvePrivacy(v, ctx) ?? true,
    maxMembers: v.maxMembers ?? ROOM_LIMITS.defaultMaxMembers,
    tags: v.tags ?? [],
  }));
export type CreateRoomInput = z.input<typeof CreateRoomInputSchema>;
export type CreateRoomData = z.output<typeof CreateRoomInputSchema>;

/**
 * Body of `PATCH /api/rooms/:id`: any subset of the room's editable fields, at least one. Unknown
 * fields are refused so that a typo does not silently change nothing.
 */
export const UpdateRoomInputSchema = z
  .strictObject({
    name: nameField,
    subject: subjectField,
    description: descriptionField,
    visibility: visibilityField,
    isPrivate: isPrivateField,
    status: statusField,
    maxMembers: maxMembersField,
    tags: tagsField,
  })
  .partial()
  .transform((v, ctx) => {
    const isPrivate = resolvePrivacy(v, ctx);
    const out: {
      name?: string;
      subject?: string;
      description?: string;
      isPrivate?: boolean;
      status?: RoomStatus;
      maxMembers?: number;
      tags?: string[];
    } = {};
    if (v.name !== undefined) out.name = v.name;
    if (v.subject !== undefined) out.subject = v.subject;
    if (v.description !== undefined) out.description = v.description;
    if (isPrivate !== undefined) out.isPrivate = isPrivate;
    if (v.status !== undefined) out.status = v.status;
    if (v.maxMembers !== undefined) out.maxMembers = v.maxMembers;
    if (v.tags !== undefined) out.tags = v.tags;
    if (Object.keys(out).length === 0) {
      ctx.addIssue({ code: 'custom', message: ROOM_MESSAGES.nothingToUpdate });
      return z.NEVER;
    }
    return out;
  });
export type UpdateRoomInput = z.input<typeof UpdateRoomInputSchema>;
export type UpdateRoomData = z.output<typeof UpdateRoomInputSchema>;

/**
 * Body of `POST /api/rooms/join`. The code is trimmed and upper-cased (docs/product.md §5.5): empty
 * gets 'Please enter a room code'; a wrong shape gets the same sentence as an unknown code.
 */
export const JoinRoomInputSchema = z.object({
  code: z
    .string({ error: ROOM_MESSAGES.codeRequired })
    .transform(normaliseJoinCode)
    .pipe(
      z
        .string()
        .min(1, ROOM_MESSAGES.codeRequired)
        .regex(JOIN_CODE_PATTERN, ROOM_MESSAGES.roomNotFound),
    ),
});
export type JoinRoomInput = z.input<typeof JoinRoomInputSchema>;

/** Query of `GET /api/rooms`. All optional; numbers may arrive as query-string text. */
export const ListRoomsQuerySchema = z.object({
  q: z
    .string({ error: 'Search must be text' })
    .transform((s) => s.trim())
    .pipe(z.string().max(ROOM_LIMITS.searchMax, 'Search is too long'))
    .optional(),
  status: z
    .union([statusField, z.literal('all'), z.literal('')], { error: ROOM_MESSAGES.statusInvalid })
    .optional()
    .transform((s) => (s === 'all' || s === '' ? undefined : s)),
  scope: z
    .enum(ROOM_LIST_SCOPES, { error: `Scope must be one of: ${ROOM_LIST_SCOPES.join(', ')}` })
    .default('all'),
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${ROOM_LIMITS.listMax}` })
    .int(`Limit must be a whole number from 1 to ${ROOM_LIMITS.listMax}`)
    .min(1, `Limit must be a whole number from 1 to ${ROOM_LIMITS.listMax}`)
    .max(ROOM_LIMITS.listMax, `Limit must be a whole number from 1 to ${ROOM_LIMITS.listMax}`)
    .default(ROOM_LIMITS.listDefault),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string({ error: 'Invalid cursor' }).max(200, 'Invalid cursor').optional(),
});
export type ListRoomsQuery = z.input<typeof ListRoomsQuerySchema>;

const emailField = z
  .string({ error: INVITATION_MESSAGES.emailRequired })
  .transform((s) => s.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, INVITATION_MESSAGES.emailRequired)
      .max(LIMITS.emailMax, INVITATION_MESSAGES.invalidEmail)
      .regex(EMAIL_PATTERN, INVITATION_MESSAGES.invalidEmail),
  );

const assignableRoleField = z.enum(ASSIGNABLE_ROLES, { error: ROOM_MESSAGES.roleInvalid });

/** Body of `POST /api/rooms/:id/invitations`: an email (lower-cased) and a role, member by default. */
export const CreateInvitationInputSchema = z.object({
  email: emailField,
  role: assignableRoleField.default('member'),
});
export type CreateInvitationInput = z.input<typeof CreateInvitationInputSchema>;

/** Body of `PATCH /api/rooms/:id/members/:userId`. */
export const ChangeMemberRoleInputSchema = z.object({ role: assignableRoleField });
export type ChangeMemberRoleInput = z.input<typeof ChangeMemberRoleInputSchema>;

// ---------------------------------------------------------------------------------------------
// Response shapes.

/**
 * A room as the API returns it. `id` and `_id` hold the same 24-hex id; `members` is the member
 * count; `code` is the join code (also the secret for private rooms); `userRole`, `isMember` and
 * `joinedAt` describe the caller (null / false when not a member).
 */
export const RoomSchema = z.object({
  id: z.string().regex(OBJECT_ID_PATTERN),
  _id: z.string().regex(OBJECT_ID_PATTERN),
  name: z.string(),
  code: z.string().regex(JOIN_CODE_PATTERN),
  slug: z.string(),
  subject: z.string(),
  description: z.string(),
  visibility: z.enum(ROOM_VISIBILITIES),
  isPrivate: z.boolean(),
  members: z.number().int(),
  maxMembers: z.number().int(),
  status: z.enum(ROOM_STATUSES),
  tags: z.array(z.string()),
  createdAt: z.string(),
  ownerId: z.string(),
  userRole: z.enum(ROOM_ROLES).nullable(),
  isMember: z.boolean(),
  joinedAt: z.string().nullable(),
});
export type Room = z.infer<typeof RoomSchema>;

/**
 * What anyone signed in may know of a room from its link: its name and whether it is private
 * (nothing more: the code is the secret of a private room). The page a non-member lands on.
 */
export const RoomPreviewSchema = z.object({
  id: z.string().regex(OBJECT_ID_PATTERN),
  name: z.string(),
  isPrivate: z.boolean(),
  isMember: z.boolean(),
  /** The caller asked to join and is waiting for an answer. */
  requested: z.boolean(),
});
export type RoomPreview = z.infer<typeof RoomPreviewSchema>;

/** One request to join, as the room's owner and admins see it: who, and since when. */
export const JoinRequestSchema = z.object({
  userId: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type JoinRequest = z.infer<typeof JoinRequestSchema>;
/** `{requests}`: oldest first. */
export const JoinRequestsResponseSchema = z.object({ requests: z.array(JoinRequestSchema) });
export type JoinRequestsResponse = z.infer<typeof JoinRequestsResponseSchema>;

/** The push to a room's owner and admins when its requests to join change (realtime/rooms.ts). */
export interface JoinRequestsChanged {
  roomId: string;
  roomName: string;
  /** Who just asked, when someone did; absent when a request was answered or taken back. */
  requester?: { id: string; name: string };
}

/** The push to an asker once their request is answered (realtime/rooms.ts). */
export interface JoinRequestAnswered {
  roomId: string;
  roomName: string;
  accepted: boolean;
}
export const RoomPreviewResponseSchema = z.object({ room: RoomPreviewSchema });
export type RoomPreviewResponse = z.infer<typeof RoomPreviewResponseSchema>;

/** `{room}`: the answer of create, read, join and update. */
export const RoomResponseSchema = z.object({ room: RoomSchema });
export type RoomResponse = z.infer<typeof RoomResponseSchema>;

/** `{rooms, nextCursor}`: newest first; pass nextCursor back as `cursor` for the next page. */
export const RoomListResponseSchema = z.object({
  rooms: z.array(RoomSchema),
  nextCursor: z.string().nullable(),
});
export type RoomListResponse = z.infer<typeof RoomListResponseSchema>;

export const RoomMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Present only for owners and admins: a plain member sees names and roles, never addresses. */
  email: z.string().optional(),
  role: z.enum(ROOM_ROLES),
  joinedAt: z.string(),
});
export type RoomMember = z.infer<typeof RoomMemberSchema>;

/** `{members}`: owner first, then admins, then members, each by join time. */
export const RoomMembersResponseSchema = z.object({ members: z.array(RoomMemberSchema) });
export type RoomMembersResponse = z.infer<typeof RoomMembersResponseSchema>;

/** `PATCH /api/rooms/:id/members/:userId`: the member with their new role. */
export const RoomMemberResponseSchema = z.object({ member: RoomMemberSchema });
export type RoomMemberResponse = z.infer<typeof RoomMemberResponseSchema>;

/**
 * `GET /api/rooms/:id/members/:userId/avatar`: one member's picture (a JPEG data URL or an
 * http(s) link, '' for none), for the call's camera-off tiles and Manage Room's member list. Asked
 * per member, so the member list and the call's signalling stay small.
 */
export const MemberAvatarResponseSchema = z.object({ profilePic: z.string() });
export type MemberAvatarResponse = z.infer<typeof MemberAvatarResponseSchema>;

/** `GET /api/invitations/:token` (docs/product.md §6.2). */
export const InvitationSchema = z.object({
  roomId: z.string(),
  roomName: z.string(),
  inviterName: z.string(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/**
 * What `GET /api/invitations/:token` answers: the invitation and its state. `accepted` only ever
 * reaches the account that accepted it (asked with its token), so reopening the mail offers
 * "Open room"; anyone else, and an unknown, expired or used link, reads the one 404.
 */
export const InvitationViewSchema = InvitationSchema.extend({
  state: z.enum(['pending', 'accepted']),
});
export type InvitationView = z.infer<typeof InvitationViewSchema>;

/**
 * `GET /api/invitations`: one of the signed-in user's pending invitations (sent to their account
 * e-mail, not yet accepted, not expired). Its `id` lets the invitee accept it without the mailed
 * token, which the server only keeps hashed.
 */
export const MyInvitationSchema = InvitationSchema.extend({
  id: z.string(),
  createdAt: z.string(),
});
export type MyInvitation = z.infer<typeof MyInvitationSchema>;

export const MyInvitationsResponseSchema = z.object({
  invitations: z.array(MyInvitationSchema),
});
export type MyInvitationsResponse = z.infer<typeof MyInvitationsResponseSchema>;

/**
 * `POST /api/rooms/:id/invitations` answers 201 with the invitation (never its token). `resent` is
 * true when the address already had a pending invitation to the room: that one was sent again with
 * a fresh link (the old link stops working) rather than a second invitation being created.
 */
export const CreateInvitationResponseSchema = z.object({
  invitation: InvitationSchema,
  resent: z.boolean(),
});
export type CreateInvitationResponse = z.infer<typeof CreateInvitationResponseSchema>;

/**
 * A pending (unused, unexpired) invitation as the room's owner and admins see it in Manage Room:
 * `GET /api/rooms/:id/invitations` lists them newest first; resend and cancel address one by id.
 */
export const PendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ASSIGNABLE_ROLES),
  inviterName: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

export const PendingInvitationsResponseSchema = z.object({
  invitations: z.array(PendingInvitationSchema),
});
export type PendingInvitationsResponse = z.infer<typeof PendingInvitationsResponseSchema>;

/** `POST /api/rooms/:id/invitations/:invitationId/resend` answers the refreshed invitation. */
export const PendingInvitationResponseSchema = z.object({ invitation: PendingInvitationSchema });
export type PendingInvitationResponse = z.infer<typeof PendingInvitationResponseSchema>;

/** `POST /api/invitations/:token/accept` answers the room to go to. */
export const AcceptInvitationResponseSchema = z.object({
  roomId: z.string(),
  role: z.enum(ROOM_ROLES),
});
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponseSchema>;

/** A persisted chat message, as `GET /api/rooms/:id/messages` returns it (oldest first). */
export const RoomMessageSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  text: z.string(),
  /** Milliseconds since the epoch, as a chat message carries it (docs/product.md §8.1). */
  at: z.number(),
});
export type RoomMessage = z.infer<typeof RoomMessageSchema>;
export const RoomMessagesResponseSchema = z.object({ messages: z.array(RoomMessageSchema) });
export type RoomMessagesResponse = z.infer<typeof RoomMessagesResponseSchema>;
