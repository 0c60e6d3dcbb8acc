import { ROOM_NOTES_PATH } from '@studycircle/shared';

/** The notes' websocket on the page's own origin: wss on an https page, ws on http. */
export function collabUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${ROOM_NOTES_PATH}`;
}
