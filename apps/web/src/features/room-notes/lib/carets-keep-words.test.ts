import { afterEach, describe, expect, it } from 'vitest';
import { Editor } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import StarterKit from '@tiptap/starter-kit';
import * as Y from 'yjs';

/**
 * Two members typing at the same spot keep their words whole
 * (docs/decisions/0071-room-notes-carets-keep-their-words.md): two real editors, each bound to
 * its own Yjs document as in the room notes, their changes carried between them in a random order
 * with random delays, as a network does. Twenty schedules at the end of a paragraph and twenty in
 * its middle.
 */

const REMOTE = 'remote';

/** A small seeded random source, so a failing schedule can be run again. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

interface Member {
  doc: Y.Doc;
  editor: Editor;
  /** Updates made here, not yet delivered to the other member. */
  outbox: Uint8Array[];
}

const open: Member[] = [];
afterEach(() => {
  for (const m of open.splice(0)) m.editor.destroy();
});

function member(): Member {
  const doc = new Y.Doc();
  const element = document.createElement('div');
  document.body.append(element);
  const editor = new Editor({
    element,
    extensions: [
      StarterKit.configure({ undoRedo: false, link: false, heading: { levels: [3, 4] } }),
      Collaboration.configure({ document: doc }),
    ],
  });
  const m: Member = { doc, editor, outbox: [] };
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== REMOTE) m.outbox.push(update);
  });
  open.push(m);
  return m;
}

/** Delivers the oldest waiting update from `from` to `to`. */
function deliverOne(from: Member, to: Member) {
  const update = from.outbox.shift();
  if (update) Y.applyUpdate(to.doc, update, REMOTE);
}

function deliverAll(a: Member, b: Member) {
  while (a.outbox.length > 0 || b.outbox.length > 0) {
    deliverOne(a, b);
    deliverOne(b, a);
  }
}

const text = (m: Member) => m.editor.state.doc.textContent;

/** Puts the caret `fromEnd` letters before the end of the first paragraph. */
function caretAt(m: Member, fromEnd: number) {
  const end = m.editor.state.doc.firstChild!.nodeSize - 1;
  m.editor.commands.setTextSelection(end - fromEnd);
}

function typeOne(m: Member, letter: string) {
  m.editor.view.dispatch(m.editor.state.tr.insertText(letter));
}

/** Both type their word at once, letter by letter, while updates arrive in a random order. */
function typeTogether(a: Member, b: Member, words: [string, string], next: () => number) {
  const left = [[...words[0]], [...words[1]]];
  while (left[0]!.length > 0 || left[1]!.length > 0) {
    const roll = next();
    if (roll < 0.3 && left[0]!.length > 0) typeOne(a, left[0]!.shift()!);
    else if (roll < 0.6 && left[1]!.length > 0) typeOne(b, left[1]!.shift()!);
    else if (roll < 0.8) deliverOne(a, b);
    else deliverOne(b, a);
  }
  deliverAll(a, b);
}

describe('two members typing at the same spot', () => {
  for (const [where, fromEnd] of [
    ['at the end of a paragraph', 0],
    ['in the middle of a paragraph', 6],
  ] as const) {
    it(`both keep their words whole ${where}, in 20 schedules`, () => {
      const results = new Set<string>();
      for (let run = 0; run < 20; run++) {
        const a = member();
        const b = member();
        a.editor.commands.setContent('<p>Fruit: apple</p>');
        deliverAll(a, b);
        expect(text(b)).toBe('Fruit: apple');
        caretAt(a, fromEnd);
        caretAt(b, fromEnd);
        typeTogether(a, b, [' cherry', ' damson'], random(run + 1));
        expect(text(a)).toBe(text(b));
        const [before, after] = fromEnd === 0 ? ['Fruit: apple', ''] : ['Fruit:', ' apple'];
        expect([`${before} cherry damson${after}`, `${before} damson cherry${after}`]).toContain(
          text(a),
        );
        results.add(text(a));
        for (const m of open.splice(0)) m.editor.destroy();
      }
    });
  }
});
