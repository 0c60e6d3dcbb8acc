import { useState, type FormEvent, type ReactNode } from 'react';
import {
  ROOM_MESSAGES,
  looksLikeRoomId,
  normaliseJoinCode,
  normaliseRoomId,
  type Room,
} from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { errorMessage, HttpError } from '../../../lib/http';
import { useJoinRoom } from '../api/join-room';

/** The sentence for a failed join: the server's, else the fallbacks of docs/product.md §5.5. */
export function joinErrorMessage(error: unknown): string {
  return errorMessage(error, (e) =>
    e instanceof HttpError && e.status === 404
      ? ROOM_MESSAGES.roomNotFound
      : ROOM_MESSAGES.joinFailed,
  );
}

/** Where a join leads: the room in the answer, or (a 24-hex id with no room) just its id. */
export type Joined = { room: Room } | { roomId: string };

/**
 * Join by code (docs/product.md §5.5): the code is trimmed and upper-cased, an empty one is
 * blocked, the failure's sentence shows under the field. Used by the Join Room dialog and by the
 * page a non-member lands on from a room's link.
 */
export function JoinByCodeForm({
  onJoined,
  actions,
}: {
  onJoined(joined: Joined): void;
  /** Shown before the Join Room button (the dialog's Cancel). */
  actions?: ReactNode;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const join = useJoinRoom();

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
        if (room) onJoined({ room });
        // The code field upper-cased the id; the shared field reads it back as the server does.
        else if (looksLikeRoomId(normalised)) onJoined({ roomId: normaliseRoomId(normalised) });
        else setError(ROOM_MESSAGES.roomNotFound);
      },
      onError: (err) => setError(joinErrorMessage(err)),
    });
  };

  return (
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
      <div className="flex flex-wrap justify-end gap-2">
        {actions}
        <Button type="submit" loading={join.isPending} disabled={normaliseJoinCode(code) === ''}>
          Join Room
        </Button>
      </div>
    </form>
  );
}
