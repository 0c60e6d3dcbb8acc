import { useEffect, useId, useRef } from 'react';
import { useScrollLock } from '../../../ui/scroll-lock';
import { WhiteboardView } from './whiteboard-view';

/**
 * The room page's whiteboard: the whole screen, so a 320 px phone can draw too. A modal dialog of
 * our own rather than the design system's: Radix's focus trap would keep focus out of the menus
 * and dialogs Excalidraw opens in portals of its own. Focus goes to the heading on opening and
 * back to the opener on closing (the section does that); Tab wraps around inside it, between two
 * focus guards; Escape on the bar closes it (on the canvas Escape stays Excalidraw's: it ends a
 * drawing or a selection).
 */
export default function WhiteboardDialog({
  roomId,
  roomName,
  onClose,
}: {
  roomId: string;
  roomName?: string;
  onClose(): void;
}) {
  useScrollLock();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  /** Tab past either end comes back in at the other: the page behind is covered, not usable. */
  const wrap = (to: 'first' | 'last') => () => {
    const inside = [...(body.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
      (el) => el.getClientRects().length > 0,
    );
    if (to === 'last') inside.reverse();
    // The first that really takes focus (some of Excalidraw's are inert or hidden by style).
    for (const el of inside) {
      el.focus();
      if (document.activeElement === el) return;
    }
  };

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      className="fixed inset-0 z-50 bg-white"
    >
      <span tabIndex={0} className="fixed opacity-0" onFocus={wrap('last')} />
      <div ref={body} className="h-full">
        <WhiteboardView
          roomId={roomId}
          roomName={roomName}
          headingId={headingId}
          headingRef={heading}
          onClose={onClose}
        />
      </div>
      <span tabIndex={0} className="fixed opacity-0" onFocus={wrap('first')} />
    </div>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
