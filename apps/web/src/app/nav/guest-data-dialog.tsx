import { useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';
import type { GuestOffer } from '../sync/study-sync';

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** "3 tasks, 1 note and 2 resources". */
export function describeOffer(offer: GuestOffer): string {
  const parts = [
    offer.tasks > 0 ? count(offer.tasks, 'task', 'tasks') : '',
    offer.notes > 0 ? count(offer.notes, 'note', 'notes') : '',
    offer.resources > 0 ? count(offer.resources, 'resource', 'resources') : '',
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]!;
}

/**
 * Guest data on sign-in (docs/product.md §15.4): what this device kept while nobody was signed in
 * is offered to the account, and the student decides; on a shared computer it may be someone
 * else's. Adding moves it into the account (never lost, never doubled); keeping leaves it as this
 * device's, back in place after sign-out. Escape or Close decides nothing: it is asked again on
 * the next visit.
 */
export function GuestDataDialog({
  offer,
  onAnswer,
}: {
  offer: GuestOffer | null;
  onAnswer: (accept: boolean) => Promise<void>;
}) {
  const [dismissed, setDismissed] = useState<GuestOffer | null>(null);
  const [busy, setBusy] = useState(false);
  const open = offer !== null && offer !== dismissed;
  const answer = (accept: boolean) => {
    setBusy(true);
    void onAnswer(accept).finally(() => setBusy(false));
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && setDismissed(offer)}>
      {offer && (
        <DialogContent
          title="Add this device's data to your account?"
          description={`While nobody was signed in, this device kept ${describeOffer(offer)}.`}
        >
          <p className="text-sm text-slate-700">
            Add them to your account to have them on every device. If this is a shared computer,
            they may be someone else&apos;s: keep them on this device instead.
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="outline" disabled={busy} onClick={() => answer(false)}>
              Keep on this device
            </Button>
            <Button loading={busy} onClick={() => answer(true)}>
              Add to my account
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
