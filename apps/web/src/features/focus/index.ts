/**
 * Focus together (docs/decisions/0034-focus-sessions.md): a room's shared Pomodoro on
 * the room page and as a call tool, and the focus figures on the dashboard. Everything here loads
 * lazily.
 */
export { FocusSection, FocusStatsCard, loadFocusCallPanel } from './lazy';
