import type { FastifyInstance } from 'fastify';
import {
  ChangePasswordInputSchema,
  DeleteAccountInputSchema,
  DeviceSessionIdSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UpdateProfileInputSchema,
} from '@studycircle/shared';
import { parseWith } from '../../lib/validate.js';
import type { AuthService } from './auth.service.js';

/** The accounts API of ARCHITECTURE.md, under /api/auth. Thin: parse, call the service, reply. */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: AuthService }) {
  const { users } = app.services;
  const signedIn = { preHandler: app.authenticate };

  app.post('/register', async (request, reply) => {
    const input = parseWith(RegisterInputSchema, request.body);
    return reply
      .status(201)
      .send(await auth.register(input, request.ip, request.headers['user-agent']));
  });

  app.post('/login', async (request) => {
    const input = parseWith(LoginInputSchema, request.body);
    return auth.login(input, request.ip, request.headers['user-agent']);
  });

  app.get('/profile', signedIn, async (request) => ({
    user: await users.getProfile(request.user.id),
  }));

  app.patch('/profile', signedIn, async (request) => {
    const input = parseWith(UpdateProfileInputSchema, request.body);
    return { user: await users.updateProfile(request.user.id, input) };
  });

  // The client ignores logout failures (docs/product.md §3.8), so an already invalid token still
  // gets a 200. Ends this device's session only.
  app.post('/logout', async (request) => {
    const token = bearer(request.headers.authorization);
    const user = await auth.authenticateToken(token).catch(() => undefined);
    // The service also ends this session's live connections on every node.
    if (user) await auth.logout(user);
    return { ok: true };
  });

  // The signed-in devices (docs/product.md §3.8).
  app.get('/sessions', signedIn, async (request) => auth.listSessions(request.user));

  // "Sign out of all devices": this one included.
  app.delete('/sessions', signedIn, async (request) => {
    await auth.logoutAll(request.user);
    return { ok: true };
  });

  app.delete<{ Params: { id: string } }>('/sessions/:id', signedIn, async (request) => {
    const id = parseWith(DeviceSessionIdSchema, request.params.id);
    await auth.endSession(request.user, id);
    return { ok: true };
  });

  app.post('/change-password', signedIn, async (request) => {
    const input = parseWith(ChangePasswordInputSchema, request.body);
    const result = await auth.changePassword(
      request.user,
      input.currentPassword,
      input.newPassword,
    );
    return result;
  });

  // Deleting needs the password again (not just the token); the service also closes the
  // account's open sockets on every node.
  app.delete('/account', signedIn, async (request) => {
    const input = parseWith(DeleteAccountInputSchema, request.body);
    const deleted = await auth.deleteAccount(request.user.id, input.password);
    return {
      ok: true,
      handedOverRooms: deleted.handedOver.length,
      deletedRooms: deleted.deletedRooms.length,
    };
  });

  app.post('/forgot-password', async (request) => {
    const input = parseWith(ForgotPasswordInputSchema, request.body);
    await auth.forgotPassword(input, request.ip);
    return {
      ok: true,
      message: 'If an account exists for that email, a reset link is on its way.',
    };
  });

  // Public: the mailed link may be opened in any browser; the token is the proof.
  app.post<{ Params: { token: string } }>('/verify-email/:token', async (request) =>
    auth.verifyEmail(request.params.token, request.ip),
  );

  app.post('/resend-verification', signedIn, async (request) =>
    auth.resendVerification(request.user),
  );

  app.post<{ Params: { token: string } }>('/reset-password/:token', async (request) => {
    const input = parseWith(ResetPasswordInputSchema, request.body);
    await auth.resetPassword(request.params.token, input.password, request.ip);
    return { ok: true, message: 'Your password has been reset. You can now sign in.' };
  });
}

/** The token from an `Authorization: Bearer <token>` header. */
export function bearer(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
