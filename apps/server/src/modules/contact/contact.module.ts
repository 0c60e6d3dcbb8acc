import type { ServerModule } from '../../module.js';
import { contactRoutes } from './contact.routes.js';

/** The contact form: routes over the contact service. */
export const contactModule: ServerModule = { name: 'contact', routes: contactRoutes };
