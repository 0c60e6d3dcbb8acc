import type { ServerModule } from '../../module.js';
import { systemRoutes } from './system.routes.js';

/** Health, version and the call's TURN credentials: routes only. */
export const systemModule: ServerModule = { name: 'system', routes: systemRoutes };
