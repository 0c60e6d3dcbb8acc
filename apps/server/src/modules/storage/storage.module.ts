import type { ServerModule } from '../../module.js';

/** Where uploaded bytes are kept, a service only (built in services.ts); sync and workspace serve them. */
export const storageModule: ServerModule = { name: 'storage' };
