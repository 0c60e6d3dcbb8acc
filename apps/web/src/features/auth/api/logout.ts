import { apiRequest } from '../../../lib/http';

/**
 * POST /api/auth/logout. Failures are ignored (docs/product.md §3.8): signing out must always work.
 */
export async function logout(): Promise<void> {
  try {
    await apiRequest<unknown>('/auth/logout', { method: 'POST' });
  } catch {
    // The local sign-out goes ahead whatever the server said.
  }
}
