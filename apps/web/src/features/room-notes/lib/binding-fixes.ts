import * as Y from 'yjs';

/**
 * Two fixes to the room notes' editor binding, @tiptap/y-tiptap, which vite/y-tiptap-fixes.ts
 * puts in place of its own code (docs/decisions/0071-room-notes-carets-keep-their-words.md), so
 * two members typing at the same spot keep their words whole.
 *
 * 1. How a paragraph's new text is told to Yjs. The binding does not send keystrokes: after each local change it compares the
 * paragraph's text in Yjs with the editor's and sends the difference. Found by a plain diff, a
 *    letter typed next to the same letter is ambiguous: a space typed at the end of "apple" after
 *    another member's " c" arrived ("apple c" becomes "apple  c") is taken as typed after their
 *    space, so it sticks to their word and the next letters split the two words apart. Here the
 *    difference is the one that ends at the caret, where the student really typed.
 * 2. Where the caret goes when another member's change arrives. The binding keeps the caret as a
 *    Yjs position (after the letter to its left, which is exact), but then second-guesses it
 *    whenever the paragraph's text changed, and moves it by matching text: after another
 *    member's letters arrive in the same paragraph the caret could land inside their word. The
 *    Yjs position is kept whenever the letter it names still exists (keepsItsPlace).
 */

export interface TextDiff {
  index: number;
  remove: number;
  insert: string;
}

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;
const LOW_SURROGATE = /[\uDC00-\uDFFF]/;

/**
 * The change from `before` to `after` (one removal and one insertion at `index`) that ends at
 * `cursor`, the caret's offset in `after`, wherever the text allows it: the common end is taken
 * first but never left of the caret, then the common start. A caret outside `after` is ignored
 * (the plain shortest change).
 */
export function diffAtCursor(before: string, after: string, cursor: number): TextDiff {
  const caret = cursor >= 0 && cursor <= after.length ? cursor : 0;
  let right = 0;
  while (
    right < before.length &&
    right < after.length &&
    after.length - right > caret &&
    before[before.length - 1 - right] === after[after.length - 1 - right]
  ) {
    right++;
  }
  // Never split a surrogate pair (an emoji) between the common end and the change.
  if (right > 0 && LOW_SURROGATE.test(before[before.length - right] ?? '')) right--;
  let left = 0;
  while (
    left + right < before.length &&
    left + right < after.length &&
    before[left] === after[left]
  ) {
    left++;
  }
  if (left > 0 && HIGH_SURROGATE.test(before[left - 1] ?? '')) left--;
  return {
    index: left,
    remove: before.length - left - right,
    insert: after.slice(left, after.length - right),
  };
}

/** The parts of the editor the binding passes along that say where the caret is. */
interface BindingLike {
  prosemirrorView?: {
    state?: {
      selection?: {
        empty: boolean;
        $head: {
          parentOffset: number;
          parent: { forEach(f: (node: unknown, offset: number) => void): void };
        };
      };
    };
  } | null;
}

/**
 * The caret's offset within a run of text nodes (one Yjs text of a paragraph), or undefined when
 * the caret is elsewhere or a range is selected. `run` holds the editor's text nodes themselves,
 * so they are found in the caret's paragraph by identity.
 */
export function caretInRun(binding: BindingLike | undefined, run: readonly { nodeSize: number }[]) {
  const selection = binding?.prosemirrorView?.state?.selection;
  if (!selection?.empty || run.length === 0) return undefined;
  const { $head } = selection;
  let start = -1;
  $head.parent.forEach((node, offset) => {
    if (start < 0 && node === run[0]) start = offset;
  });
  if (start < 0) return undefined;
  const length = run.reduce((sum, node) => sum + node.nodeSize, 0);
  const cursor = $head.parentOffset - start;
  return cursor >= 0 && cursor <= length ? cursor : undefined;
}

/** What the binding calls in place of its plain diff (vite/y-tiptap-fixes.ts). */
export function paragraphDiff(
  before: string,
  after: string,
  binding: BindingLike | undefined,
  run: readonly { nodeSize: number }[],
  plain: (a: string, b: string) => TextDiff,
): TextDiff {
  const cursor = caretInRun(binding, run);
  return cursor === undefined ? plain(before, after) : diffAtCursor(before, after, cursor);
}

/**
 * Whether a caret kept as a Yjs position is exact after a change: it names a letter (the one to
 * its left) that this document has and that is not deleted. Otherwise (the paragraph's start, a
 * letter deleted by someone else, a block replaced) the binding's own recovery decides.
 */
export function keepsItsPlace(
  doc: Y.Doc | undefined,
  position: Y.RelativePosition | null | undefined,
): boolean {
  const id = position?.item;
  if (!doc || !id) return false;
  if (Y.getState(doc.store, id.client) <= id.clock) return false;
  try {
    const item = Y.getItem(doc.store, id);
    return item instanceof Y.Item && !item.deleted && item.parent instanceof Y.XmlText;
  } catch {
    return false;
  }
}
