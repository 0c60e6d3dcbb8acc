import { WatchPlayer } from './watch-player';

/**
 * The room page's "Watch together" section (docs/product.md §5.14): members start a video link for
 * the room and watch it in step. Loaded only when the page shows it (../lazy.tsx); members only, as
 * the page renders it for members and the server checks every event.
 */
export default function WatchSection({
  roomId,
  userId,
}: {
  roomId: string;
  userId: string | null;
}) {
  const headingId = 'watch-together-title';
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h2
          id={headingId}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-2 focus:outline-brand-600"
        >
          Watch together
        </h2>
        <p className="text-sm text-slate-600">
          Play a video link in step with everyone in the room, with or without the call.
        </p>
      </div>
      <WatchPlayer
        roomId={roomId}
        me={{ id: userId ?? '', name: 'You' }}
        tone="light"
        headingId={headingId}
      />
    </section>
  );
}
