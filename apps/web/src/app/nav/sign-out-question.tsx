import { useCallback, useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent } from '../../ui/dialog';
import { unsavedAccountData } from '../account-data';

/**
 * Sign Out, asking first when it would throw away work this browser has not handed to the server
 * yet (unsent chat messages, and whatever else a feature lists in account-data.ts): one question
 * naming all of it, Cancel or 'Sign out anyway'. With nothing to lose it signs out at once.
 * docs/decisions/0027.
 */
export function useSignOutQuestion(userId: string | null, signOut: () => void) {
  const [losses, setLosses] = useState<readonly string[]>([]);
  const [checking, setChecking] = useState(false);

  const request = useCallback(() => {
    if (checking) return;
    setChecking(true);
    void unsavedAccountData(userId)
      .then((found) => {
        if (found.length === 0) signOut();
        else setLosses(found);
      })
      .finally(() => setChecking(false));
  }, [checking, userId, signOut]);

  const question = (
    <Dialog open={losses.length > 0} onOpenChange={(open) => !open && setLosses([])}>
      {losses.length > 0 && (
        <DialogContent
          title="Sign out?"
          description="Some of your work has not reached StudyCircle yet. Signing out now removes it from this browser."
        >
          <ul className="mb-6 list-disc space-y-1 pl-5 text-sm text-slate-800">
            {losses.map((loss) => (
              <li key={loss}>{loss} will be lost</li>
            ))}
          </ul>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="danger"
              onClick={() => {
                setLosses([]);
                signOut();
              }}
            >
              Sign out anyway
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );

  return { request, question };
}
