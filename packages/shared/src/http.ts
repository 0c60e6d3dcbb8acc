import { z } from 'zod';
import { ErrorBodySchema } from './errors.js';
import { DeviceSessionIdSchema } from './auth.js';
import { RoomIdParamSchema } from './room-id.js';

/**
 * Pieces of the HTTP contract that several modules' routes declare (docs/architecture.md, "HTTP
 * API"): the path parameters, the plain `{ok: true}` answers and the error replies. Each route
 * names its params, query, body and replies with shared schemas like these, so the server checks
 * what arrives, writes what leaves, and describes both in its OpenAPI document from one source.
 */

/** `/rooms/:id/...` */
export const RoomParamsSchema = z.object({ id: RoomIdParamSchema });
export type RoomParams = z.output<typeof RoomParamsSchema>;

/** `GET /rooms/:idOrCode`: a room id, a join code or a slug, read as the rooms module reads it. */
export const RoomKeyParamsSchema = z.object({
  idOrCode: z.string().meta({ description: 'A room id, join code or slug.' }),
});

/** `/rooms/:id/members/:userId...` */
export const RoomMemberParamsSchema = z.object({ id: RoomIdParamSchema, userId: z.string() });

/** `/rooms/:id/invitations/:invitationId...` */
export const RoomInvitationParamsSchema = z.object({
  id: RoomIdParamSchema,
  invitationId: z.string(),
});

/** `/rooms/:roomId/workspace` */
export const WorkspaceParamsSchema = z.object({ roomId: RoomIdParamSchema });

/** `/rooms/:roomId/workspace/:shareId...` */
export const WorkspaceShareParamsSchema = z.object({
  roomId: RoomIdParamSchema,
  shareId: z.string(),
});

/** `/rooms/:roomId/files/:fileId` */
export const RoomFileParamsSchema = z.object({
  roomId: RoomIdParamSchema,
  fileId: z.string(),
});

/** A single-use link's token in a path (e-mail verification, password reset, invitation). */
export const TokenParamsSchema = z.object({ token: z.string() });

/** `/invitations/pending/:id/accept`: one of the signed-in user's own pending invitations. */
export const PendingInvitationParamsSchema = z.object({ id: z.string() });

/** `DELETE /auth/sessions/:id`: 400 'Invalid session id' unless 24 hexadecimal characters. */
export const DeviceSessionParamsSchema = z.object({ id: DeviceSessionIdSchema });

/** The answer of an action with nothing else to say. */
export const OkResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponseSchema>;

/** An action done, with the sentence the page shows (forgot and reset password). */
export const OkMessageResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
export type OkMessageResponse = z.infer<typeof OkMessageResponseSchema>;

/** `GET /api/health` once the database answers. */
export const HealthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * Every route's failures: one body for any 4xx and 5xx (the server's single error handler), with
 * `message` and `error` holding the same sentence.
 */
export const ERROR_REPLIES = {
  '4xx': ErrorBodySchema.meta({ description: 'Refused: `{message, error, code}`.' }),
  '5xx': ErrorBodySchema.meta({ description: 'Failed on the server: `{message, error, code}`.' }),
} as const;
