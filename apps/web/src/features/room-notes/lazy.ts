import { createElement, lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../ui/error-boundary';
import type { NotesUser } from './hooks/use-notes-connection';

/**
 * A room's shared notes (docs/product.md §5.15): the room page's section and the call's panel.
 * Both load lazily, in chunks of their own, so neither the room page nor the call grows: the
 * section's small frame arrives a moment after the page, and the editor (Tiptap, Yjs, the
 * provider) only when the notes are opened.
 */

const Section = lazy(() => import('./components/room-notes-section'));

function loadFailed() {
  return createElement(
    'p',
    { role: 'alert', className: 'rounded-xl border border-slate-200 p-4 text-sm text-slate-600' },
    'Room notes could not load. Reload the page to try again.',
  );
}

/** The room page's "Room notes" section, for members; a failed load leaves the page working. */
export function RoomNotesSection(props: { roomId: string; user: NotesUser }) {
  return createElement(ErrorBoundary, {
    fallback: loadFailed,
    children: createElement(Suspense, { fallback: null }, createElement(Section, props)),
  });
}

/** The notes as a call tool panel (`CALL_TOOLS`). */
export const RoomNotesCallPanel = lazy(() => import('./components/room-notes-call-panel'));
