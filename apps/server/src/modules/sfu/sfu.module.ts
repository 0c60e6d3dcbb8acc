import type { ServerModule } from '../../module.js';

/** Janus for large calls (decision 0051): connected to, or started, once the app is ready. */
export const sfuModule: ServerModule = {
  name: 'sfu',
  jobs: ({ services }) => [services.sfu],
};
