import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { Editor } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading3, Italic, List, ListOrdered } from 'lucide-react';
import { ROOM_NOTES_MESSAGES } from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { cn } from '../../../ui/cn';
import {
  useNotesConnection,
  type NotesEditor,
  type NotesUser,
} from '../hooks/use-notes-connection';
import { caretColour } from '../lib/caret-colour';
import { NotesStatusLine, NotesTooLarge } from './notes-status-line';
import './room-notes.css';

/**
 * The room's shared notes editor (docs/product.md §5.15, decision 0032): Tiptap bound to the
 * room's Yjs document, with the other editors' carets named, a short formatting bar, who is
 * editing now and whether the latest edits are saved, all in words. Loaded lazily (its own chunk
 * with Tiptap, Yjs and the provider) from the room page's section and from the call's tools.
 */

export interface RoomNotesEditorProps {
  roomId: string;
  user: NotesUser;
  /** The call's dark side panel, or the room page. */
  tone?: 'light' | 'dark';
  /** Put the keyboard in the notes once they are ready (opened from a button). */
  autoFocus?: boolean;
  className?: string;
  /** Told whether edits wait unsent while the link is down, so closing can ask first. */
  onUnsavedChange?(unsaved: boolean): void;
}

/** A caret as the notes draw it: a line in the editor's colour, and their name. */
function renderCaret(user: Record<string, unknown>): HTMLElement {
  const colour = typeof user.color === 'string' ? user.color : '#1d4ed8';
  const caret = document.createElement('span');
  caret.className = 'notes-caret';
  caret.style.borderColor = colour;
  // The list of who is editing says it in words; inside the text a name would interrupt it.
  caret.setAttribute('aria-hidden', 'true');
  const label = document.createElement('span');
  label.className = 'notes-caret-label';
  label.style.backgroundColor = colour;
  label.textContent = typeof user.name === 'string' ? user.name : 'Student';
  caret.append(label);
  return caret;
}

interface FormatButton {
  label: string;
  icon: typeof Bold;
  active(editor: Editor): boolean;
  run(editor: Editor): void;
}

const FORMATS: FormatButton[] = [
  {
    label: 'Bold',
    icon: Bold,
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: 'Italic',
    icon: Italic,
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Heading',
    icon: Heading3,
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: 'Bulleted list',
    icon: List,
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    icon: ListOrdered,
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
];

function EditingNow({ others, dark }: { others: NotesEditor[]; dark: boolean }) {
  return (
    <p
      className={cn(
        'min-w-0 text-xs [overflow-wrap:anywhere]',
        dark ? 'text-slate-300' : 'text-slate-600',
      )}
    >
      {others.length === 0 ? (
        ROOM_NOTES_MESSAGES.onlyYou
      ) : (
        <>
          {ROOM_NOTES_MESSAGES.editingNow}:{' '}
          {others.map((o, i) => (
            <span key={o.id}>
              <span
                aria-hidden="true"
                className="mr-1 inline-block h-2 w-2 rounded-full align-middle"
                style={{ backgroundColor: o.color }}
              />
              {o.name}
              {i < others.length - 1 ? ', ' : ''}
            </span>
          ))}
        </>
      )}
    </p>
  );
}

export default function RoomNotesEditor({
  roomId,
  user,
  tone = 'light',
  autoFocus = false,
  className,
  onUnsavedChange,
}: RoomNotesEditorProps) {
  const dark = tone === 'dark';
  const { connection, status, closed, others, unsaved, tooLarge } = useNotesConnection(
    roomId,
    user,
  );
  useEffect(() => onUnsavedChange?.(unsaved), [unsaved, onUnsavedChange]);
  const mount = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  // The formatting bar reads the selection's marks: draw it again after each transaction.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const toolbarId = useId();
  const nameRef = useRef(user.name);
  nameRef.current = user.name;

  useEffect(() => {
    const element = mount.current;
    if (!connection || !element || closed) return;
    const instance = new Editor({
      element,
      // Tiptap's own <style> element would be refused by the CSP; room-notes.css has its rules.
      injectCSS: false,
      extensions: [
        // The collaboration extension brings its own undo (per person, over the shared text).
        StarterKit.configure({ undoRedo: false, link: false, heading: { levels: [3, 4] } }),
        Placeholder.configure({ placeholder: ROOM_NOTES_MESSAGES.empty }),
        Collaboration.configure({ document: connection.doc }),
        CollaborationCaret.configure({
          provider: connection.provider,
          user: { id: user.id, name: nameRef.current, color: caretColour(user.id) },
          render: renderCaret,
        }),
      ],
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': ROOM_NOTES_MESSAGES.editorLabel,
          class: 'min-h-40 px-3 pt-6 pb-3 text-sm leading-relaxed focus-visible:outline-none',
        },
      },
    });
    instance.on('transaction', redraw);
    setEditor(instance);
    if (autoFocus) instance.commands.focus('end');
    return () => {
      instance.off('transaction', redraw);
      instance.destroy();
      setEditor(null);
    };
  }, [connection, closed, user.id, autoFocus]);

  if (closed) {
    return (
      <div className={className}>
        <Alert tone="error">{ROOM_NOTES_MESSAGES.closed[closed]}</Alert>
      </div>
    );
  }

  return (
    <div className={cn('flex min-h-0 flex-col gap-2', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <NotesStatusLine status={status} dark={dark} />
        <EditingNow others={others} dark={dark} />
      </div>
      {tooLarge ? <NotesTooLarge /> : null}
      <div
        className={cn(
          'flex min-h-0 flex-1 flex-col overflow-hidden rounded-xl border focus-within:ring-2',
          dark
            ? 'border-slate-700 bg-slate-950 focus-within:ring-white'
            : 'border-slate-200 bg-white focus-within:ring-brand-500',
        )}
      >
        <div
          role="group"
          aria-label="Formatting"
          id={toolbarId}
          className={cn(
            'flex flex-wrap gap-1 border-b px-2 py-1.5',
            dark ? 'border-slate-700' : 'border-slate-200',
          )}
        >
          {FORMATS.map((format) => {
            const active = editor ? format.active(editor) : false;
            return (
              <button
                key={format.label}
                type="button"
                aria-label={format.label}
                title={format.label}
                aria-pressed={active}
                disabled={!editor}
                onClick={() => editor && format.run(editor)}
                className={cn(
                  'inline-flex h-9 w-8 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 disabled:opacity-50',
                  dark
                    ? 'text-slate-200 hover:bg-slate-800 focus-visible:outline-white'
                    : 'text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-600',
                  active && (dark ? 'bg-slate-700 text-white' : 'bg-brand-100 text-brand-800'),
                )}
              >
                <format.icon aria-hidden="true" className="h-4 w-4" />
              </button>
            );
          })}
        </div>
        <div
          ref={mount}
          data-tone={tone}
          className={cn(
            'notes-editor min-h-0 flex-1 overflow-x-clip overflow-y-auto',
            dark ? 'text-slate-100' : 'text-slate-900',
          )}
        />
      </div>
    </div>
  );
}
