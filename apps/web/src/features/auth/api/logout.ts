import { apiRequest } from '../../../lib/http';

/**
 * POST /api/auth/logout: ends this device's session only (docs/product.md §3.8). Failures are ignored (docs/product.md §3.8): signing out must always work.
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest<unknown>('/auth/logout', { method: 'POST' });
  } catch {
    // The local sign-out goes ahead whatever the server said.
  }
}

/**
 * DELETE /api/auth/sessions: "Sign out of all devices", this one included. Unlike Sign Out a
 * failure is thrown: the user asked for the other devices to end, and must learn if they did not.
 */
export async function logoutEverywhere(): Promise<void> {
  await apiRequest<unknown>('/auth/sessions', { method: 'DELETE' });
}
