import type { EventSubscriber } from '../../lib/events.js';
import { channel } from '../../plugins/socket-handlers.js';
import type { IoServer } from '../../types.js';
import type { WorkspaceEvents } from './workspace.service.js';

/**
 * The workspace's live side: when a room's workspace changes, `workspace-changed` goes to the
 * room's chat channel, which only members' sockets are in (the chat handlers check membership,
 * and room presence takes a leaver's sockets out). Through the Redis adapter it reaches every
 * node. The event carries no content: members fetch the list over HTTP, where membership is
 * checked again.
 */
export function registerWorkspaceBroadcasts(
  io: IoServer,
  { events }: { events: EventSubscriber<WorkspaceEvents> },
): () => void {
  return events.on('workspace-changed', ({ roomId }) => {
    io.to(channel.chat(roomId)).emit('workspace-changed', { roomId });
  });
}
