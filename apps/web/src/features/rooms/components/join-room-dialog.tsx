import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  ROOM_MESSAGES,
  looksLikeRoomId,
  normaliseJoinCode,
  normaliseRoomId,
} from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field } from '../../../ui/field';
import { errorMessage, HttpError } from '../../../lib/http';
import { useJoinRoom } from '../api/join-room';
import { roomIdOf } from '../storage/rooms-storage';

/** The sentence for a failed join: the server's, else the fallbacks of docs/product.md §5.5. */
export function joinErrorMessage(error: unknown): string {
  return errorMessage(error, (e) =>
    e instanceof HttpError && e.status === 404
      ? ROOM_MESSAGES.roomNotFound
      : ROOM_MESSAGES.joinFailed,
  );
}

/**
 * Join by code (docs/product.md §5.5): the code is trimmed and upper-cased, an empty one is blocked;
 * success opens the room's call (/rooms/call/:roomId, the route for a join by code, docs/product.md §2.1) with
 * the room in navigation state, so the call does not load it again. A 24-hex id with no room in
 * the answer goes to the call too, which then loads the room itself.
 */
export function JoinRoomDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const join = useJoinRoom();

  const change = (next: boolean) => {
    if (!next) {
      setCode('');
      setError(null);
      join.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseJoinCode(code);
    if (!normalised) {
      setError(ROOM_MESSAGES.codeRequired);
      return;
    }
    setError(null);
    join.mutate(normalised, {
      onSuccess: (room) => {
        if (room) {
          change(false);
          navigate(`/rooms/call/${encodeURIComponent(roomIdOf(room))}`, { state: { room } });
        } else if (looksLikeRoomId(normalised)) {
          // The code field upper-cased the id; the shared field reads it back as the server does.
          change(false);
          navigate(`/rooms/call/${normaliseRoomId(normalised)}`);
        } else {
          setError(ROOM_MESSAGES.roomNotFound);
        }
      },
      onError: (err) => setError(joinErrorMessage(err)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Join Room"
        description="Enter the code a classmate shared with you."
        className="max-w-md"
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field
            label="Room code"
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              if (error) setError(null);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. 7KQ2MX9P"
            className="[&_input]:font-mono [&_input]:tracking-widest [&_input]:uppercase"
            aria-invalid={error ? true : undefined}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={join.isPending}
              disabled={normaliseJoinCode(code) === ''}
            >
              Join Room
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
