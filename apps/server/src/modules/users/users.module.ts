import type { ServerModule } from '../../module.js';

/**
 * Accounts' records, a service only (built in services.ts): its routes are auth's and rooms',
 * and account deletion runs the steps each owner registers there.
 */
export const usersModule: ServerModule = { name: 'users' };
