/**
 * A room's shared notes (docs/product.md §5.15): the room tool (its section and call panel, both
 * loaded lazily) that app/room/ composes into the room page and the call.
 */
export { roomNotesTool } from './tool';
export { RoomNotesCallPanel, RoomNotesSection } from './lazy';
