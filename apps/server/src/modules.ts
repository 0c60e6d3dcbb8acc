import type { ServerModule } from './module.js';
import { authModule } from './modules/auth/auth.module.js';
import { chatModule } from './modules/chat/chat.module.js';
import { clockModule } from './modules/clock/clock.module.js';
import { contactModule } from './modules/contact/contact.module.js';
import { focusModule } from './modules/focus/focus.module.js';
import { invitationsModule } from './modules/invitations/invitations.module.js';
import { remindersModule } from './modules/reminders/reminders.module.js';
import { roomNotesModule } from './modules/room-notes/room-notes.module.js';
import { roomPresenceModule } from './modules/room-presence/room-presence.module.js';
import { roomsModule } from './modules/rooms/rooms.module.js';
import { sfuModule } from './modules/sfu/sfu.module.js';
import { signallingModule } from './modules/signalling/signalling.module.js';
import { storageModule } from './modules/storage/storage.module.js';
import { syncModule } from './modules/sync/sync.module.js';
import { systemModule } from './modules/system/system.module.js';
import { usersModule } from './modules/users/users.module.js';
import { watchModule } from './modules/watch/watch.module.js';
import { whiteboardModule } from './modules/whiteboard/whiteboard.module.js';
import { workspaceModule } from './modules/workspace/workspace.module.js';

/**
 * Every server module, in the order app.ts registers them
 * (docs/decisions/0075-one-server-module-shape.md). Auth comes first: every other module's
 * routes use its `app.authenticate`. The room tools' channels are left in this order when a
 * member is taken out of a room (the call's `user-left` before the whiteboard's
 * `whiteboard-peer-left`). A new module is one folder and one line here.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  authModule,
  systemModule,
  contactModule,
  usersModule,
  storageModule,
  roomsModule,
  roomPresenceModule,
  invitationsModule,
  chatModule,
  clockModule,
  signallingModule,
  syncModule,
  remindersModule,
  workspaceModule,
  watchModule,
  roomNotesModule,
  whiteboardModule,
  focusModule,
  sfuModule,
];
