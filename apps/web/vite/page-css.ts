import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Records, for every lazily loaded page chunk (src/features/<feature>/pages/<name>.tsx), the CSS
 * files it and the chunks it imports need beyond the entry's own, as `{ "<name>": [hrefs] }` in
 * `outFile`. vite/prerender.mjs links those as stylesheets in each prerendered page, so the page
 * is styled at its first paint, before any script has run. The file stays out of dist.
 */
export function pageCss(outFile: string): Plugin {
  return {
    name: 'studycircle:page-css',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const entryCss = new Set(chunks.find((c) => c.isEntry)?.viteMetadata?.importedCss ?? []);
      const base = this.environment.config.base;
      const pages: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const name = /[\\/]src[\\/]features[\\/][\w-]+[\\/]pages[\\/]([\w-]+)\.tsx$/.exec(
          chunk.facadeModuleId ?? '',
        )?.[1];
        if (!name) continue;
        const css = new Set<string>();
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const c = byName.get(fileName);
          if (!c || seen.has(fileName)) return;
          seen.add(fileName);
          for (const file of c.viteMetadata?.importedCss ?? []) {
            if (!entryCss.has(file)) css.add(`${base}${file}`);
          }
          for (const dep of c.imports) visit(dep);
        };
        visit(chunk.fileName);
        pages[name] = [...css];
      }
      mkdirSync(dirname(outFile), { recursive: true });
      writeFileSync(outFile, `${JSON.stringify(pages, null, 2)}\n`);
    },
  };
}
