import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Room notes: two fixes to the editor binding, @tiptap/y-tiptap, so two members typing at the
 * same spot keep their words whole (src/features/room-notes/lib/binding-fixes.ts,
 * docs/decisions/0071-room-notes-carets-keep-their-words.md). The package exports no way to change
 * either, so its code is rewritten as it is bundled:
 *
 * - `updateYText` finds what was typed with a plain diff; it calls our caret-anchored one.
 * - `restoreRelativeSelection` second-guesses an exact caret after another member's change in
 *   the same paragraph; it keeps the caret where Yjs puts it when that place still exists.
 *
 * An upgrade that changes either piece of code stops the build here, by name, rather than
 * silently bringing glued words back.
 */

const helper = fileURLToPath(
  new URL('../src/features/room-notes/lib/binding-fixes.ts', import.meta.url),
);

const REWRITES: { what: string; from: string; to: string }[] = [
  {
    what: "updateYText's diff",
    from: `const { insert, remove, index } = simpleDiff(
    str,
    content.map((c) => c.insert).join('')
  );`,
    to: `const { insert, remove, index } = __scFixes.paragraphDiff(
    str,
    content.map((c) => c.insert).join(''),
    meta,
    ptexts,
    simpleDiff
  );`,
  },
  {
    what: "restoreRelativeSelection's recovery",
    from: `        anchor = recoverSelectionEndpoint(tr.doc, oldDoc, relSel.absAnchor, anchor);
        head = recoverSelectionEndpoint(tr.doc, oldDoc, relSel.absHead, head);`,
    to: `        if (!__scFixes.keepsItsPlace(binding.doc, relSel.anchor)) {
          anchor = recoverSelectionEndpoint(tr.doc, oldDoc, relSel.absAnchor, anchor);
        }
        if (!__scFixes.keepsItsPlace(binding.doc, relSel.head)) {
          head = recoverSelectionEndpoint(tr.doc, oldDoc, relSel.absHead, head);
        }`,
  },
];

export function yTiptapFixes(): Plugin {
  return {
    name: 'studycircle:y-tiptap-fixes',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@tiptap[\\/]y-tiptap[\\/]dist[\\/]y-tiptap\.js$/.test(id.split('?')[0]!)) return;
      let out = code;
      for (const rewrite of REWRITES) {
        if (!out.includes(rewrite.from)) {
          throw new Error(
            `vite/y-tiptap-fixes: ${rewrite.what} is no longer where it was in ${id}; check ` +
              'whether @tiptap/y-tiptap still needs the fix and update the rewrite.',
          );
        }
        out = out.replace(rewrite.from, rewrite.to);
      }
      return {
        code: `import * as __scFixes from ${JSON.stringify(helper)};\n${out}`,
        map: null,
      };
    },
  };
}
