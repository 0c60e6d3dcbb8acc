import { useState } from 'react';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../ui/dialog';

/**
 * The question the L shortcut asks before leaving: one stray letter (typing "hello" with focus
 * outside the message box) must not end a call (docs/decisions/0053). The keyboard starts on Stay;
 * Stay or Escape closes it and the dialog puts focus back on what had it (ui/dialog.tsx).
 */
export function useLeaveQuestion() {
  const [asking, setAsking] = useState(false);
  return { asking, ask: () => setAsking(true), stay: () => setAsking(false) };
}

export function LeaveCallDialog({
  question,
  onLeave,
}: {
  question: ReturnType<typeof useLeaveQuestion>;
  onLeave(): void;
}) {
  return (
    <Dialog open={question.asking} onOpenChange={(open) => !open && question.stay()}>
      {question.asking && (
        <DialogContent title="Leave the call?">
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              {/* Staying is the safe answer, so the keyboard starts on it. */}
              <Button variant="outline" data-autofocus>
                Stay
              </Button>
            </DialogClose>
            <Button variant="danger" onClick={onLeave}>
              Leave
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
