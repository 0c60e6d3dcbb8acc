/**
 * Watch together (docs/product.md §5.14): a room's video, played in step on every member's screen.
 */
export { WatchTogetherSection, WatchTogetherToolPanel } from './lazy';
export { watchTool } from './tool';
