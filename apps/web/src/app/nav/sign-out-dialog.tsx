import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';

/**
 * Sign Out's one question (docs/product.md §3.8, §15.4), asked only when some work could not be
 * sent (app/unsent-work.ts lists every source): what would be lost, then Stay signed in (the
 * default, it takes the keyboard) or Sign out anyway.
 */
export function SignOutDialog({
  unsent,
  onStay,
  onSignOut,
}: {
  unsent: string[] | null;
  onStay: () => void;
  onSignOut: () => void;
}) {
  return (
    <Dialog open={unsent !== null} onOpenChange={(open) => !open && onStay()}>
      {unsent && (
        <DialogContent
          title="Sign out and lose unsent work?"
          description="The server cannot be reached, so this work is only on this device. Signing out removes it."
        >
          <ul className="list-disc space-y-1 pl-5 text-sm [overflow-wrap:anywhere] text-slate-800">
            {unsent.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="danger" onClick={onSignOut}>
              Sign out anyway
            </Button>
            <Button autoFocus onClick={onStay}>
              Stay signed in
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
