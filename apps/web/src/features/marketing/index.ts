/**
 * The marketing feature's public surface. The router imports the pages (pages/*) lazily by path,
 * so nothing here pulls a page into another chunk; other features may reuse the particle
 * background and the page-metadata hook.
 */
export { FloatingParticles } from './components/floating-particles';
export { usePageMeta } from './hooks/use-page-meta';
