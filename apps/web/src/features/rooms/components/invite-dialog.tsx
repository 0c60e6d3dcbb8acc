import { Check, Copy } from 'lucide-react';
import type { Room } from '@studycircle/shared';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { useCopiedState } from '../../../lib/use-copied-state';
import { roomIdOf } from '../storage/rooms-storage';
import { CopyCodeButton } from './copy-code-button';
import EmailInvite from './email-invite';
import { SectionTitle } from './manage-room/section-title';

/** The link Share Room sends: the room's call (docs/product.md §5.8). */
export function roomLink(room: Room): string {
  return `${window.location.origin}/rooms/call/room/${encodeURIComponent(roomIdOf(room))}`;
}

/**
 * Everything a member needs to bring someone in, one tap from the top of the room page: the
 * room's link and its code, each with Copy, and for the owner and admins the e-mail invitation
 * of Manage Room. A classmate who opens the link without being a member lands on the page that
 * takes the code (docs/decisions/0066-a-room-link-for-a-non-member.md).
 */
export function InviteDialog({
  room,
  open,
  onOpenChange,
}: {
  room: Room;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const link = useCopiedState();
  const url = roomLink(room);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Invite people"
        description="Send the link or the code to classmates. Anyone with the code can join."
        className="max-w-lg"
      >
        <div className="space-y-6">
          <div className="space-y-2">
            <Field
              label="Room link"
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              className="[&_input]:text-slate-700"
            />
            <div className="flex justify-end">
              <Button size="sm" variant="outline" onClick={() => void link.copy(url)}>
                {link.copied ? (
                  <Check aria-hidden="true" className="h-4 w-4 text-green-600" />
                ) : (
                  <Copy aria-hidden="true" className="h-4 w-4" />
                )}
                <span aria-live="polite">{link.copied ? 'Copied!' : 'Copy link'}</span>
              </Button>
            </div>
          </div>
          <section className="space-y-2" aria-labelledby="invite-code-title">
            <SectionTitle id="invite-code-title">Room code</SectionTitle>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3">
              <span className="font-mono text-xl font-bold tracking-widest text-slate-900">
                {room.code}
              </span>
              <CopyCodeButton code={room.code} roomName={room.name} />
            </div>
          </section>
          <EmailInvite room={room} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
