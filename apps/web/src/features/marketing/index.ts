/**
 * The marketing feature's public surface. The router imports the pages (pages/*) lazily by path,
 * so nothing here pulls a page into another chunk; other features may reuse the particle
 * background and the page-metadata hook, and the prerender collects each page's metadata.
 */
export { FloatingParticles } from './components/floating-particles';
export { PageMetaSink, pageMetaTags, usePageMeta, type PageMeta } from './hooks/use-page-meta';
