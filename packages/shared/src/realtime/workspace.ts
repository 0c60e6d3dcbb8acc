import type { WorkspaceChanged } from '../workspace.js';

/** The room workspace's socket contract: one push, its lists are read over REST (../workspace.ts). */

export interface WorkspaceServerEvents {
  /**
   * Sent to the room's chat channel when its workspace changed (a share, an unshare, a shared
   * record edited or deleted by its owner): members with the room open fetch the list again.
   */
  'workspace-changed': (payload: WorkspaceChanged) => void;
}
