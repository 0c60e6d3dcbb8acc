import { BookOpen, CircleCheck, Coffee, Globe, Lock } from 'lucide-react';
import type { RoomStatus } from '@studycircle/shared';
import { Badge, type BadgeTone } from '../../../ui/badge';

const STATUS: Record<RoomStatus, { label: string; tone: BadgeTone; Icon: typeof BookOpen }> = {
  // Not a "live" icon: whether anyone is in the call is shown by CallPresence, from the server.
  active: { label: 'Active', tone: 'success', Icon: CircleCheck },
  studying: { label: 'Studying', tone: 'brand', Icon: BookOpen },
  break: { label: 'Break', tone: 'warning', Icon: Coffee },
};

/** The room's status as words and an icon; the tone only reinforces them. */
export function RoomStatusBadge({ status }: { status: RoomStatus | undefined }) {
  const { label, tone, Icon } = STATUS[status ?? 'active'] ?? STATUS.active;
  return (
    <Badge tone={tone}>
      <Icon aria-hidden="true" className="h-3 w-3" />
      <span>
        <span className="sr-only">Status: </span>
        {label}
      </span>
    </Badge>
  );
}

/** Private or Public, with a lock or globe. */
export function RoomPrivacyBadge({ isPrivate }: { isPrivate: boolean }) {
  const Icon = isPrivate ? Lock : Globe;
  return (
    <Badge tone="neutral">
      <Icon aria-hidden="true" className="h-3 w-3" />
      {isPrivate ? 'Private' : 'Public'}
    </Badge>
  );
}

const ROLE_LABEL = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

export function roleLabel(role: keyof typeof ROLE_LABEL): string {
  return ROLE_LABEL[role];
}
