import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuthResponseSchema,
  ChangePasswordInputSchema,
  DeleteAccountInputSchema,
  DeleteAccountResponseSchema,
  DeviceSessionParamsSchema,
  DeviceSessionsResponseSchema,
  ERROR_REPLIES,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  OkMessageResponseSchema,
  OkResponseSchema,
  ProfileResponseSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  TokenParamsSchema,
  UpdateProfileInputSchema,
  VerifyEmailResponseSchema,
} from '@studycircle/shared';
import { BEARER } from '../../plugins/schemas.js';
import { bearer } from './auth.http.js';
import type { AuthService } from './auth.service.js';

/**
 * The accounts API of ARCHITECTURE.md, under /api/auth. Schema-first (plugins/schemas.ts): each
 * route declares what it takes and answers; handlers call the service and reply.
 */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const { users } = app.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Signed in first, so a stranger gets the 401 before any check of what they sent.
  const signedIn = { preValidation: app.authenticate };

  api.post(
    '/register',
    {
      schema: {
        body: RegisterInputSchema,
        response: { 201: AuthResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await auth.register(request.body, request.ip, request.headers['user-agent'])),
  );

  api.post(
    '/login',
    { schema: { body: LoginInputSchema, response: { 200: AuthResponseSchema, ...ERROR_REPLIES } } },
    async (request) => auth.login(request.body, request.ip, request.headers['user-agent']),
  );

  api.get(
    '/profile',
    {
      ...signedIn,
      schema: { security: BEARER, response: { 200: ProfileResponseSchema, ...ERROR_REPLIES } },
    },
    async (request) => ({ user: await users.getProfile(request.user.id) }),
  );

  api.patch(
    '/profile',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        body: UpdateProfileInputSchema,
        response: { 200: ProfileResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => ({ user: await users.updateProfile(request.user.id, request.body) }),
  );

  // The client ignores logout failures (docs/product.md §3.8), so an already invalid token still
  // gets a 200. Ends this device's session only.
  api.post(
    '/logout',
    { schema: { security: BEARER, response: { 200: OkResponseSchema, ...ERROR_REPLIES } } },
    async (request) => {
      const token = bearer(request.headers.authorization);
      const user = await auth.authenticateToken(token).catch(() => undefined);
      // The service also ends this session's live connections on every node.
      if (user) await auth.logout(user);
      return { ok: true as const };
    },
  );

  // The signed-in devices (docs/product.md §3.8).
  api.get(
    '/sessions',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        response: { 200: DeviceSessionsResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => auth.listSessions(request.user),
  );

  // "Sign out of all devices": this one included.
  api.delete(
    '/sessions',
    {
      ...signedIn,
      schema: { security: BEARER, response: { 200: OkResponseSchema, ...ERROR_REPLIES } },
    },
    async (request) => {
      await auth.logoutAll(request.user);
      return { ok: true as const };
    },
  );

  api.delete(
    '/sessions/:id',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        params: DeviceSessionParamsSchema,
        response: { 200: OkResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await auth.endSession(request.user, request.params.id);
      return { ok: true as const };
    },
  );

  api.post(
    '/change-password',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        body: ChangePasswordInputSchema,
        response: { 200: AuthResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) =>
      auth.changePassword(request.user, request.body.currentPassword, request.body.newPassword),
  );

  // Deleting needs the password again (not just the token); the service also closes the
  // account's open sockets on every node.
  api.delete(
    '/account',
    {
      ...signedIn,
      schema: {
        security: BEARER,
        body: DeleteAccountInputSchema,
        response: { 200: DeleteAccountResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      const deleted = await auth.deleteAccount(request.user.id, request.body.password);
      return {
        ok: true as const,
        handedOverRooms: deleted.handedOver.length,
        deletedRooms: deleted.deletedRooms.length,
      };
    },
  );

  api.post(
    '/forgot-password',
    {
      schema: {
        body: ForgotPasswordInputSchema,
        response: { 200: OkMessageResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body, request.ip);
      return {
        ok: true as const,
        message: 'If an account exists for that email, a reset link is on its way.',
      };
    },
  );

  // Public: the mailed link may be opened in any browser; the token is the proof.
  api.post(
    '/verify-email/:token',
    {
      schema: {
        params: TokenParamsSchema,
        response: { 200: VerifyEmailResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => auth.verifyEmail(request.params.token, request.ip),
  );

  api.post(
    '/resend-verification',
    {
      ...signedIn,
      schema: { security: BEARER, response: { 200: VerifyEmailResponseSchema, ...ERROR_REPLIES } },
    },
    async (request) => auth.resendVerification(request.user),
  );

  api.post(
    '/reset-password/:token',
    {
      schema: {
        params: TokenParamsSchema,
        body: ResetPasswordInputSchema,
        response: { 200: OkMessageResponseSchema, ...ERROR_REPLIES },
      },
    },
    async (request) => {
      await auth.resetPassword(request.params.token, request.body.password, request.ip);
      return { ok: true as const, message: 'Your password has been reset. You can now sign in.' };
    },
  );
}
