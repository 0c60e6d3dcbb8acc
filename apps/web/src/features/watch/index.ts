/** Watch together (issue 20): a room's video, played in step on every member's screen. */
export { WatchTogetherSection, WatchTogetherToolPanel } from './lazy';
