import type { Ack } from '@studycircle/shared';
import type { WhiteboardClearResult } from '@studycircle/shared/whiteboard';
import type { BoardStatus } from './board-sync';

/** What an open board hands its bar: the export functions, once Excalidraw is ready. */
export interface BoardControls {
  exportPng(): Promise<Blob>;
  exportSvg(): Promise<Blob>;
  /** Shapes drawn here that the server has not acknowledged yet (offline, or on their way). */
  unsaved(): boolean;
  /** Deletes every shape for everyone (the owner or an admin). */
  clear(): Promise<Ack<WhiteboardClearResult>>;
  /** Follows another screen's view (its socket, from `people`), or stops (null). */
  follow(socketId: string | null): void;
}

/** Another screen on the board, as its pointer named it. */
export interface BoardPerson {
  socketId: string;
  name: string;
}

/** What the bar shows about the board. */
export interface BoardState {
  status: BoardStatus;
  /** Shapes on the board (deleted ones left out). */
  shapes: number;
  /** Others with the board open now (by account). */
  others: number;
  /** This member may clear the board (the room's owner or an admin), as the server said. */
  canClear?: boolean;
  /** The other screens on the board, by name (known once their pointer moved). */
  people?: BoardPerson[];
  /** The screen whose view this one follows, if any. */
  following?: string | null;
}

/** The save state in words (never a colour alone). */
export function statusLabel(status: BoardStatus): string {
  switch (status) {
    case 'loading':
      return 'Connecting…';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'offline':
      return 'Offline: changes will be sent when the connection is back';
    case 'closed':
      return 'Closed';
  }
}
