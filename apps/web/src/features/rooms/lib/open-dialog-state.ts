/**
 * Navigation state that opens the Study Rooms page with its Create Room or Join Room dialog
 * already open (the dashboard's quick actions use it). Read once; the page then drops it so a
 * reload or Back does not reopen the dialog.
 */
export type RoomsDialog = 'create' | 'join';

export interface RoomsDialogState {
  openDialog: RoomsDialog;
}

/** The state to navigate to /dashboard/rooms with. */
export const roomsDialogState = (dialog: RoomsDialog): RoomsDialogState => ({
  openDialog: dialog,
});

/** Which dialog a location's state asks for, if any. */
export function requestedRoomsDialog(state: unknown): RoomsDialog | null {
  if (!state || typeof state !== 'object' || !('openDialog' in state)) return null;
  const value = (state as { openDialog: unknown }).openDialog;
  return value === 'create' || value === 'join' ? value : null;
}
