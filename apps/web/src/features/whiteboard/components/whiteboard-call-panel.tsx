import { useEffect, useId, useRef } from 'react';
import { WhiteboardView } from './whiteboard-view';

/**
 * The whiteboard beside the call (its entry in the call's CALL_TOOLS): the side column on a wide
 * screen, the whole stage on a phone. The call's panel frame names the region; focus moves to the
 * board's heading when it opens, and the call hands it back to the Room tools button on Close.
 */
export default function WhiteboardCallPanel({
  roomId,
  onClose,
}: {
  roomId: string;
  onClose(): void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <WhiteboardView
      roomId={roomId}
      headingId={headingId}
      headingRef={heading}
      onClose={onClose}
      tone="call"
    />
  );
}
