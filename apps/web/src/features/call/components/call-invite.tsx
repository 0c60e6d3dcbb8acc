import { Suspense, useState, type ComponentType } from 'react';
import { Check, Copy, UserPlus } from 'lucide-react';
import type { Room } from '@studycircle/shared';
import { useCopiedState } from '../../../lib/use-copied-state';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { roomIdOf } from '../api/resolve-call-room';

/** The call's own link (what Share Room sends: docs/product.md §5.8). */
function callLink(roomId: string): string {
  return `${window.location.origin}/rooms/call/room/${encodeURIComponent(roomId)}`;
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopiedState();
  return (
    <Button size="sm" variant="outline" onClick={() => void copy(text)}>
      {copied ? (
        <Check aria-hidden="true" className="h-4 w-4 text-green-600" />
      ) : (
        <Copy aria-hidden="true" className="h-4 w-4" />
      )}
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </Button>
  );
}

/** The e-mail invitation's part, which the rooms feature owns and app/room/ passes in (lazily). */
export type EmailInviteComponent = ComponentType<{ room: Room }>;

/**
 * Invite from inside the call, one tap away: the room's link and its code, each with Copy, and
 * invite by e-mail (the owner and admins get the form, others are told who can). A classmate who
 * opens the link without being a member lands on the page that takes the code or asks to join
 * (docs/decisions/0066, 0067). `look`: the header's button (from 640 px) or the empty call's own.
 */
export function CallInvite({
  room,
  look,
  EmailInvite,
}: {
  room: Room;
  look: 'header' | 'empty';
  EmailInvite?: EmailInviteComponent;
}) {
  const [open, setOpen] = useState(false);
  const url = callLink(roomIdOf(room));
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        size="sm"
        variant={look === 'empty' ? 'primary' : 'secondary'}
        onClick={() => setOpen(true)}
        // On a phone the header keeps its width for the room's name; the empty call offers it.
        className={cn(look === 'header' && 'shrink-0 max-sm:hidden')}
      >
        <UserPlus aria-hidden="true" className="h-4 w-4" />
        {look === 'header' ? 'Invite' : 'Invite people'}
      </Button>
      {open && (
        <DialogContent
          title="Invite people"
          description="Send the link or the code to classmates. Anyone with the code can join."
          className="max-w-lg"
        >
          {/* The call's single-key shortcuts stay out of the dialog. */}
          <div className="space-y-5" data-own-keys="">
            <div className="space-y-2">
              <Field
                label="Room link"
                value={url}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
              />
              <div className="flex justify-end">
                <CopyButton text={url} label="Copy link" />
              </div>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3">
              <p className="text-sm text-slate-600">
                Room code{' '}
                <span className="ml-2 font-mono text-xl font-bold tracking-widest text-slate-900">
                  {room.code}
                </span>
              </p>
              <CopyButton text={room.code} label="Copy code" />
            </div>
            {EmailInvite ? (
              <Suspense
                fallback={<p className="text-sm text-slate-600">Loading the e-mail invitation…</p>}
              >
                <EmailInvite room={room} />
              </Suspense>
            ) : (
              <p className="text-sm text-slate-600">
                The owner and admins can also invite by e-mail, from the room page.
              </p>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
