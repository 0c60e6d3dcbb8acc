import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';

/*
 * Each look is what one kind of place has always drawn, so moving a flow onto this component
 * changed no pixel.
 */
const LOOKS = {
  /** In place of the button that asked, among other buttons. */
  inline: {
    group: 'flex flex-wrap items-center gap-2',
    question: 'min-w-0 text-sm font-medium [overflow-wrap:anywhere] text-slate-800',
  },
  /** The same, inside a danger zone that is already red. */
  danger: {
    group: 'flex flex-wrap items-center gap-2',
    question: 'min-w-0 text-sm font-medium [overflow-wrap:anywhere] text-red-800',
  },
  /** A red box of its own under the thing it is about (a row of a list). */
  box: {
    group: 'flex flex-wrap items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3',
    question: 'min-w-0 flex-1 basis-48 text-sm [overflow-wrap:anywhere] text-red-900',
  },
} as const;

/**
 * The state of a two-step confirmation: `ask` shows the step, `cancel` hides it and puts the
 * keyboard back on the button that asked (give that button `triggerRef`), once it is drawn again.
 */
export function useConfirmStep() {
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const ask = () => setConfirming(true);
  const cancel = () => {
    setConfirming(false);
    requestAnimationFrame(() => triggerRef.current?.focus());
  };
  return { confirming, ask, cancel, triggerRef };
}

/**
 * The second step of an action that cannot be taken back (leave, remove, delete): a question, a
 * Cancel that takes the keyboard as the step opens (the button that asked has gone), and the
 * danger button that does it. A named group, so a screen reader hears what is being confirmed.
 * Escape cancels, as it closes a dialog: the step is a small question the user can back out of.
 */
export function ConfirmStep({
  label,
  question,
  confirmLabel,
  onConfirm,
  onCancel,
  pending = false,
  look = 'inline',
  className,
}: {
  /** The group's accessible name, e.g. 'Confirm leaving'. */
  label: string;
  question: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  look?: keyof typeof LOOKS;
  /** The step's place in its parent (a margin). */
  className?: string;
}) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancelButton.current?.focus();
  }, []);
  const style = LOOKS[look];
  return (
    <div
      role="group"
      aria-label={label}
      className={cn(style.group, className)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || pending) return;
        // The step is answered here: a dialog or drawer around it stays open.
        event.stopPropagation();
        onCancel();
      }}
    >
      <p className={style.question}>{question}</p>
      <Button ref={cancelButton} variant="outline" size="sm" onClick={onCancel}>
        Cancel
      </Button>
      <Button variant="danger" size="sm" loading={pending} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
