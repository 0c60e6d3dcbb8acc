import { Button } from '../../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../ui/dialog';

/**
 * The question Stop asks before it ends the focus session: it ends it for everyone in the room,
 * so one stray click must not (docs/decisions/0064-undo-a-delete.md). The keyboard starts on Keep
 * going; Keep going or Escape closes it and the dialog puts focus back on Stop (ui/dialog.tsx).
 */
export function EndSessionDialog({
  open,
  onKeepGoing,
  onEnd,
}: {
  open: boolean;
  onKeepGoing(): void;
  onEnd(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onKeepGoing()}>
      {open && (
        <DialogContent title="End the focus session for everyone?">
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              {/* Keeping the session is the safe answer, so the keyboard starts on it. */}
              <Button variant="outline" data-autofocus>
                Keep going
              </Button>
            </DialogClose>
            <Button variant="danger" onClick={onEnd}>
              End session
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
