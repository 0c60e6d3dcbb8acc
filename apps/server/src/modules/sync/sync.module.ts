import type { ServerModule } from '../../module.js';
import { syncRoutes } from './sync.routes.js';
import { createOrphanFileSweeper } from './sync.scheduler.js';

/** Study data synced across devices: routes, and an hourly sweep of uploads no file note uses. */
export const syncModule: ServerModule = {
  name: 'sync',
  routes: syncRoutes,
  jobs: ({ services, log }) => [createOrphanFileSweeper({ sync: services.sync, log })],
};
