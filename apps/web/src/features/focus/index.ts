/**
 * Focus together (docs/decisions/0034-focus-sessions.md): a room's shared Pomodoro as a room tool
 * (the room page's section and the call's panel), and the focus figures on the dashboard.
 * Everything here loads lazily.
 */
export { FocusSection, FocusStatsCard } from './lazy';
export { focusTool } from './tool';
