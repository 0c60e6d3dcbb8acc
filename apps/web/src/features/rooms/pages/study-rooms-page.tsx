import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LayoutGrid, List, LogIn, Plus, Search, SearchX, Users } from 'lucide-react';
import { ROOM_LIMITS, ROOM_MESSAGES, ROOM_STATUSES, type Room } from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { inputClasses } from '../../../ui/field';
import { toast } from '../../../ui/toast';
import { EmptyState } from '../../../ui/empty-state';
import { pageClasses } from '../../../ui/page-width';
import { errorMessage } from '../../../lib/http';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRooms } from '../api/get-rooms';
import { useJoinRoom } from '../api/join-room';
import { useRoom } from '../api/get-room';
import { CreateRoomDialog } from '../components/create-room-dialog';
import { JoinRoomDialog, joinErrorMessage } from '../components/join-room-dialog';
import { ManageRoomDialog } from '../components/manage-room-dialog';
import { RoomCard, roomOptionsId } from '../components/room-card';
import { canManageRoom, type RoomStatusFilter } from '../lib/room-rules';
import { requestedRoomsDialog } from '../lib/open-dialog-state';
import { useRoomsPresence } from '../api/get-call-presence';
import { roomIdOf } from '../storage/rooms-storage';

const STATUS_LABEL: Record<RoomStatusFilter, string> = {
  all: 'All',
  active: 'Active',
  studying: 'Studying',
  break: 'Break',
};

function CardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div className="h-4 w-2/3 rounded bg-slate-200" />
      <div className="mt-2 h-3 w-1/3 rounded bg-slate-100" />
      <div className="mt-4 flex gap-2">
        <div className="h-5 w-16 rounded-full bg-slate-100" />
        <div className="h-5 w-16 rounded-full bg-slate-100" />
      </div>
      <div className="mt-4 h-3 w-full rounded bg-slate-100" />
      <div className="mt-2 h-3 w-5/6 rounded bg-slate-100" />
      <div className="mt-6 h-8 w-24 rounded-lg bg-slate-100" />
    </div>
  );
}

/** How long typing must pause before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

interface ManageTarget {
  roomId: string;
  focus: 'details' | 'delete';
  /** Opened from a card's menu: focus goes back to that menu's button on close. */
  fromCard?: boolean;
}

/**
 * Study Rooms (/dashboard/rooms, docs/product.md §5.3): the caller's rooms and the public ones,
 * with search, a status filter and a grid/list toggle; Join Room and Create Room; a card per room.
 * Search and the status filter are the server's (GET /api/rooms `q` and `status`), so they reach
 * rooms on every page, not only the ones loaded; typing is debounced. Opens Manage Room when
 * navigation state carries `manageRoomId` (from the room view).
 */
export function StudyRoomsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<RoomStatusFilter>('all');
  const searchedQuery = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const rooms = useRooms({ q: searchedQuery, status });
  const join = useJoinRoom();
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  // The dashboard's Create Room and Join Room quick actions arrive with { openDialog }.
  const [createOpen, setCreateOpen] = useState(
    () => requestedRoomsDialog(location.state) === 'create',
  );
  const [joinOpen, setJoinOpen] = useState(() => requestedRoomsDialog(location.state) === 'join');
  const [joiningId, setJoiningId] = useState<string | null>(null);
  const [manage, setManage] = useState<ManageTarget | null>(() => {
    const state: unknown = location.state;
    const id =
      state && typeof state === 'object' && 'manageRoomId' in state
        ? (state as { manageRoomId: unknown }).manageRoomId
        : undefined;
    return typeof id === 'string' && id ? { roomId: id, focus: 'details' } : null;
  });

  // The state was consumed above: drop it so a reload or Back does not reopen the dialog.
  useEffect(() => {
    if (
      location.state &&
      typeof location.state === 'object' &&
      ('manageRoomId' in location.state || 'openDialog' in location.state)
    ) {
      navigate(location.pathname, { replace: true, state: null });
    }
  }, [location.state, location.pathname, navigate]);

  useDocumentTitle('Study Rooms');
  const list = useMemo(() => rooms.data ?? [], [rooms.data]);
  // Presence only for rooms the user can enter (the server leaves out the others anyway).
  const presenceIds = useMemo(() => list.filter((r) => r.isMember).map((r) => roomIdOf(r)), [list]);
  const presence = useRoomsPresence(presenceIds);
  // The room to manage is loaded on its own, not looked up in the list: it may not be among the
  // loaded pages (a room page opened directly, an admin's room on page 2), and a list painted from
  // the browser's cache is not the server's word on the caller's role. A room the list already
  // holds from the server seeds it, so the dialog opens at once.
  const listSettled = !rooms.isPending && !rooms.isPlaceholderData;
  const fromList =
    manage && listSettled ? list.find((r) => roomIdOf(r) === manage.roomId) : undefined;
  const single = useRoom(manage && listSettled ? manage.roomId : undefined, fromList);
  const manageRoom = single.data ?? null;
  const manageAllowed = manageRoom ? canManageRoom(manageRoom) : false;
  // Asked to manage a room the caller may not manage (or that is gone): say so rather than
  // silently opening nothing.
  const manageRefused =
    manage !== null && (single.isError || (manageRoom !== null && !manageAllowed));
  useEffect(() => {
    if (!manageRefused) return;
    toast(single.isError ? ROOM_MESSAGES.loadFailed : ROOM_MESSAGES.ownerOrAdminOnly, {
      tone: 'error',
    });
    setManage(null);
  }, [manageRefused, single.isError]);

  const mine = useMemo(() => list.filter((r) => r.isMember), [list]);
  const discover = useMemo(() => list.filter((r) => !r.isMember), [list]);
  // What the list on screen answers: the search the server was asked, not the keys just typed.
  const filtering = searchedQuery !== '' || status !== 'all';

  const joinFromCard = (room: Room) => {
    setJoiningId(roomIdOf(room));
    join.mutate(room.code, {
      onSuccess: (joined) => {
        const target = joined ?? room;
        toast(`You joined ${target.name}.`, { tone: 'success' });
        navigate(`/rooms/room/${encodeURIComponent(roomIdOf(target))}`, {
          state: { room: target, backTo: '/dashboard/rooms' },
        });
      },
      onError: (err) => toast(joinErrorMessage(err), { tone: 'error' }),
      onSettled: () => setJoiningId(null),
    });
  };

  const renderRooms = (items: Room[]) => (
    <ul
      className={cn(
        // grid-cols-1 sizes the single phone column to the screen (minmax(0, 1fr)): an implicit
        // column would grow to a long unbreakable room name and scroll the page sideways.
        layout === 'grid'
          ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3'
          : 'flex flex-col gap-3',
      )}
    >
      {items.map((room) => (
        <li key={roomIdOf(room)} className="min-w-0">
          <RoomCard
            room={room}
            layout={layout}
            joining={joiningId === roomIdOf(room)}
            presence={presence.data?.get(roomIdOf(room))}
            onJoin={joinFromCard}
            onEdit={(r) => setManage({ roomId: roomIdOf(r), focus: 'details', fromCard: true })}
            onDelete={(r) => setManage({ roomId: roomIdOf(r), focus: 'delete', fromCard: true })}
          />
        </li>
      ))}
    </ul>
  );

  const showSkeleton = rooms.isPending;
  const failed = rooms.isError && list.length === 0;

  return (
    <div className={pageClasses('wide')}>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Study Rooms</h1>
          <p className="mt-1 text-sm text-slate-600">
            Create a room, share its code, and study together.
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => setJoinOpen(true)}>
            <LogIn aria-hidden="true" className="h-4 w-4" />
            Join Room
          </Button>
          <Button onClick={() => setCreateOpen(true)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Create Room
          </Button>
        </div>
      </header>

      <div
        role="search"
        className="mt-6 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center"
      >
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label="Search rooms"
            placeholder="Search by name, subject or tag"
            maxLength={ROOM_LIMITS.searchMax}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className={cn(inputClasses, 'pl-9')}
          />
        </div>
        <div className="flex items-center gap-3">
          <label htmlFor="room-status-filter" className="text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id="room-status-filter"
            value={status}
            onChange={(e) => setStatus(e.target.value as RoomStatusFilter)}
            className={cn(inputClasses, 'w-36')}
          >
            {(['all', ...ROOM_STATUSES] as const).map((value) => (
              <option key={value} value={value}>
                {STATUS_LABEL[value]}
              </option>
            ))}
          </select>
          <div
            role="group"
            aria-label="Layout"
            className="flex rounded-lg border border-slate-300 p-0.5"
          >
            {(
              [
                ['grid', 'Grid view', LayoutGrid],
                ['list', 'List view', List],
              ] as const
            ).map(([value, label, Icon]) => (
              <button
                key={value}
                type="button"
                aria-label={label}
                aria-pressed={layout === value}
                onClick={() => setLayout(value)}
                className={cn(
                  'rounded-md p-1.5 focus-visible:outline-2 focus-visible:outline-brand-600',
                  layout === value
                    ? 'bg-brand-600 text-white'
                    : 'text-slate-600 hover:bg-slate-100',
                )}
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
              </button>
            ))}
          </div>
        </div>
      </div>

      <div className="mt-8 space-y-10" aria-busy={showSkeleton || undefined}>
        {showSkeleton ? (
          <div
            role="status"
            aria-label="Loading rooms"
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          >
            <CardSkeleton />
            <CardSkeleton />
            <CardSkeleton />
          </div>
        ) : failed ? (
          <Alert tone="error">
            {errorMessage(rooms.error, 'Could not load rooms.')}{' '}
            <button
              type="button"
              className="font-medium underline"
              onClick={() => void rooms.refetch()}
            >
              Try again
            </button>
          </Alert>
        ) : list.length === 0 && !filtering ? (
          <EmptyState
            look="welcome"
            icon={
              <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <Users aria-hidden="true" className="h-7 w-7" />
              </span>
            }
            title="No study rooms yet"
            action={
              <>
                <Button variant="outline" onClick={() => setJoinOpen(true)}>
                  Join Room
                </Button>
                <Button onClick={() => setCreateOpen(true)}>Create Room</Button>
              </>
            }
          >
            Create a room for your class or join one with the code a classmate shared.
          </EmptyState>
        ) : list.length === 0 ? (
          <EmptyState
            look="no-results"
            icon={<SearchX aria-hidden="true" className="h-8 w-8 text-slate-400" />}
            title="No rooms match your search"
            action={
              <Button
                variant="ghost"
                onClick={() => {
                  setQuery('');
                  setStatus('all');
                }}
              >
                Clear filters
              </Button>
            }
          />
        ) : (
          <>
            <section aria-labelledby="my-rooms-title">
              <h2 id="my-rooms-title" className="mb-4 text-lg font-semibold text-slate-900">
                My Rooms <span className="text-sm font-normal text-slate-500">({mine.length})</span>
              </h2>
              {mine.length > 0 ? (
                renderRooms(mine)
              ) : (
                <EmptyState>
                  {filtering
                    ? 'None of your rooms match.'
                    : 'You have not joined a room yet. Join one below or create your own.'}
                </EmptyState>
              )}
            </section>
            {discover.length > 0 && (
              <section aria-labelledby="public-rooms-title">
                <h2 id="public-rooms-title" className="mb-4 text-lg font-semibold text-slate-900">
                  Public Rooms{' '}
                  <span className="text-sm font-normal text-slate-500">({discover.length})</span>
                </h2>
                {renderRooms(discover)}
              </section>
            )}
          </>
        )}
        {!showSkeleton && !failed && rooms.hasNextPage && (
          <div className="flex flex-col items-center gap-2">
            <Button
              variant="outline"
              loading={rooms.isFetchingNextPage}
              onClick={() => void rooms.fetchNextPage()}
            >
              Load more rooms
            </Button>
          </div>
        )}
      </div>

      <CreateRoomDialog
        open={createOpen}
        onOpenChange={setCreateOpen}
        onCreated={(room) =>
          toast(`Room “${room.name}” created. Share code ${room.code}.`, { tone: 'success' })
        }
      />
      <JoinRoomDialog open={joinOpen} onOpenChange={setJoinOpen} />
      <ManageRoomDialog
        room={manageAllowed ? manageRoom : null}
        open={manage !== null}
        focus={manage?.focus}
        returnFocus={() =>
          manage?.fromCard ? document.getElementById(roomOptionsId(manage.roomId)) : null
        }
        onOpenChange={(open) => {
          if (!open) setManage(null);
        }}
      />
    </div>
  );
}
