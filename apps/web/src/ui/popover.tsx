import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * A non-modal disclosure panel anchored under its button (a notifications tray, a help tip). The
 * button reports aria-expanded; Escape or a click outside closes the panel and Escape returns
 * focus to the button.
 */
export function Popover({
  trigger,
  label,
  children,
  className,
  open: controlledOpen,
  onOpenChange,
}: {
  /** The button's content (usually an icon). */
  trigger: ReactNode;
  /** The button's accessible name; the panel is named after it too. */
  label: string;
  children: ReactNode;
  className?: string;
  /** Controlled use (say, to close the panel when one of its links is followed). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const setOpenRef = useRef<(next: boolean | ((value: boolean) => boolean)) => void>(() => {});
  setOpenRef.current = (next) => {
    const value = typeof next === 'function' ? next(open) : next;
    if (controlledOpen === undefined) setUncontrolledOpen(value);
    onOpenChange?.(value);
  };
  const setOpen = (next: boolean | ((value: boolean) => boolean)) => setOpenRef.current(next);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenRef.current(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenRef.current(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {trigger}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={label}
          className={cn(
            'absolute right-0 z-50 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-4 shadow-lg',
            'motion-safe:animate-[pop-in_120ms_ease-out]',
            className,
          )}
        >
          {children}
        </div>
      )}
    </div>
  );
}
