import { Link, useNavigate } from 'react-router';
import {
  ArrowRight,
  FileText,
  LogIn,
  MessageSquare,
  MoreVertical,
  Pencil,
  Trash2,
  Users,
} from 'lucide-react';
import type { CallPresence as Presence, Room } from '@studycircle/shared';
import { Button, buttonClasses } from '../../../ui/button';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../../ui/menu';
import { cn } from '../../../ui/cn';
import { canSeeCardMenu, memberCountLabel, roleOf, showJoinButton } from '../lib/room-rules';
import { roomIdOf } from '../storage/rooms-storage';
import { CallPresence } from './call-presence';
import { CopyCodeButton } from './copy-code-button';
import { RoomPrivacyBadge, RoomStatusBadge, roleLabel } from './room-status-badge';

/** The id of a card's options button, where focus returns when its Manage dialog closes. */
export const roomOptionsId = (roomId: string) => `room-${roomId}-options`;

export interface RoomCardProps {
  room: Room;
  layout: 'grid' | 'list';
  joining?: boolean;
  /** Who is in the room's call now, when known. */
  presence?: Presence;
  onJoin: (room: Room) => void;
  onEdit: (room: Room) => void;
  onDelete: (room: Room) => void;
}

/**
 * One room in the list: what it is, who may do what (docs/product.md §5.2), and its actions. The
 * edit/delete menu is the owner's alone; Join appears only for someone not yet a member.
 */
export function RoomCard({
  room,
  layout,
  joining = false,
  presence,
  onJoin,
  onEdit,
  onDelete,
}: RoomCardProps) {
  const navigate = useNavigate();
  const id = roomIdOf(room);
  const detailPath = `/rooms/room/${encodeURIComponent(id)}`;
  const isList = layout === 'list';

  return (
    <article
      aria-labelledby={`room-${id}-name`}
      className={cn(
        'flex h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md',
        isList ? 'flex-col gap-4 md:flex-row md:items-center' : 'flex-col gap-4',
      )}
    >
      <div className="min-w-0 flex-1 space-y-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            {/* Long names wrap (anywhere, for one unbroken word) rather than hide: the card is
                where people tell their rooms apart. */}
            <h3
              id={`room-${id}-name`}
              className="line-clamp-3 text-base font-semibold [overflow-wrap:anywhere] text-slate-900"
              title={room.name}
            >
              {room.name}
            </h3>
            <p className="truncate text-sm text-brand-700" title={room.subject}>
              {room.subject}
            </p>
          </div>
          {canSeeCardMenu(room) && (
            <Menu>
              <MenuTrigger
                id={roomOptionsId(id)}
                aria-label={`Room options for ${room.name}`}
                className="-m-1 shrink-0 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <MoreVertical aria-hidden="true" className="h-5 w-5" />
              </MenuTrigger>
              <MenuContent>
                <MenuItem onSelect={() => onEdit(room)}>
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                  Edit room
                </MenuItem>
                <MenuSeparator />
                <MenuItem
                  onSelect={() => onDelete(room)}
                  className="text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800"
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  Delete room
                </MenuItem>
              </MenuContent>
            </Menu>
          )}
        </div>

        <div className="flex flex-wrap items-center gap-2">
          <RoomStatusBadge status={room.status} />
          <RoomPrivacyBadge isPrivate={room.isPrivate} />
          {room.isMember && (
            <span className="text-xs text-slate-500">You: {roleLabel(roleOf(room))}</span>
          )}
        </div>

        <CallPresence presence={presence} />

        {room.description ? (
          <p
            title={room.description}
            className={cn(
              'text-sm [overflow-wrap:anywhere] text-slate-600',
              isList ? 'line-clamp-1' : 'line-clamp-2',
            )}
          >
            {room.description}
          </p>
        ) : (
          <p className="text-sm text-slate-500 italic">No description</p>
        )}

        {room.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {room.tags.map((tag) => (
              <li
                key={tag}
                className="max-w-full truncate rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-600"
              >
                #{tag}
              </li>
            ))}
          </ul>
        )}

        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <Users aria-hidden="true" className="h-4 w-4" />
            {memberCountLabel(room.members)}
            <span className="text-slate-500">/ {room.maxMembers}</span>
          </span>
          <span className="inline-flex items-center gap-2">
            <span className="sr-only">Room code</span>
            <code className="rounded-md bg-slate-100 px-2 py-1 font-mono text-xs tracking-wider text-slate-800">
              {room.code}
            </code>
            <CopyCodeButton code={room.code} roomName={room.name} variant="ghost" />
          </span>
        </div>
      </div>

      <div
        className={cn(
          'mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-4',
          isList && 'md:w-64 md:shrink-0 md:justify-end md:border-t-0 md:border-l md:pt-0 md:pl-4',
        )}
      >
        {showJoinButton(room) ? (
          <Button
            size="sm"
            loading={joining}
            onClick={() => onJoin(room)}
            aria-label={`Join ${room.name}`}
          >
            <LogIn aria-hidden="true" className="h-4 w-4" />
            Join
          </Button>
        ) : (
          <>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Chat in ${room.name}`}
              onClick={() =>
                navigate(detailPath, {
                  state: { room, initialTab: 'chat', backTo: '/dashboard/rooms' },
                })
              }
            >
              <MessageSquare aria-hidden="true" className="h-4 w-4" />
              Chat
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Notes for ${room.name}`}
              onClick={() => navigate('/dashboard/notes', { state: { roomId: id } })}
            >
              <FileText aria-hidden="true" className="h-4 w-4" />
              Notes
            </Button>
          </>
        )}
        <Link
          to={detailPath}
          state={{ room, backTo: '/dashboard/rooms' }}
          aria-label={`Open ${room.name}`}
          className={cn(buttonClasses('ghost', 'sm'), 'ml-auto')}
        >
          Open
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      </div>
    </article>
  );
}
