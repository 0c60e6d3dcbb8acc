import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Preloads the landing page's lazy route chunk (and the chunks and CSS it imports) from
 * index.html. The router loads routes lazily, so without this the browser learns about the
 * landing chunk only after the entry script has run, one more round trip before the first paint
 * of `/` (the page a new visitor sees first). Other routes pay only a few KB of idle preloads.
 */
export function preloadLanding(
  moduleSuffix = '/src/features/marketing/pages/landing-page.tsx',
): Plugin {
  return {
    name: 'studycircle:preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const landing = chunks.find((c) => c.facadeModuleId?.endsWith(moduleSuffix));
        if (!landing) {
          throw new Error(`preload-landing: no chunk for ${moduleSuffix}; update the plugin`);
        }
        // What the entry already loads needs no second hint.
        const entry = chunks.find((c) => c.isEntry);
        const alreadyLoaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const files = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || alreadyLoaded.has(fileName)) return;
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (!chunk) return;
          files.add(fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          for (const dep of chunk.imports) visit(dep);
        };
        visit(landing.fileName);
        const base = ctx.server ? '/' : (ctx.originalUrl ?? '/').replace(/[^/]*$/, '') || '/';
        const href = (file: string) => `${base}${file}`.replace(/\/{2,}/g, '/');
        const tags: HtmlTagDescriptor[] = [
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: href(file) },
            injectTo: 'head' as const,
          })),
          ...[...css].map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: href(file) },
            injectTo: 'head' as const,
          })),
        ];
        return tags;
      },
    },
  };
}
