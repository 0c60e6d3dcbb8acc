import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The lucide-react icon files that the marketing pages share, with each other or with signed-in
 * pages, for one chunk of their own (vite.config.ts). Left alone, the bundler gives every shared
 * icon a file of its own: the landing page fetched eight of them, each a few hundred bytes that
 * compress badly alone, and went 1.5% over its 100 KB budget. Together they are one small file
 * (about 4 KB, 1.5 KB gzipped), which a signed-in page drawing one of these icons loads too.
 * An icon only one file imports stays in that file's chunk.
 *
 * Icons are named in the sources (`import { Video } from 'lucide-react'`) and stored under their
 * canonical file name (CheckCircle2 is icons/circle-check.mjs), so the names are looked up in
 * lucide-react's own index rather than guessed.
 */
export function sharedMarketingIconFiles(srcDir: string): Set<string> {
  const marketingDir = join(srcDir, 'features', 'marketing');
  /** For each icon name, the files importing it, and whether a marketing file is one of them. */
  const importers = new Map<string, { files: number; marketing: boolean }>();
  for (const file of listSources(srcDir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g,
    )) {
      for (const part of m[1]!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (!name || name.startsWith('type ')) continue;
        const seen = importers.get(name) ?? { files: 0, marketing: false };
        seen.files += 1;
        seen.marketing ||= file.startsWith(marketingDir);
        importers.set(name, seen);
      }
    }
  }
  const names = new Set(
    [...importers].filter(([, seen]) => seen.marketing && seen.files > 1).map(([name]) => name),
  );
  const index = join(
    dirname(createRequire(import.meta.url).resolve('lucide-react/package.json')),
    'dist/esm/lucide-react.mjs',
  );
  const files = new Set<string>();
  for (const m of readFileSync(index, 'utf8').matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+\.mjs)'/g,
  )) {
    const exported = m[1]!.split(',').map((s) => s.trim().replace(/^default as /, ''));
    if (exported.some((name) => names.has(name))) files.add(m[2]!);
  }
  return files;
}

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
