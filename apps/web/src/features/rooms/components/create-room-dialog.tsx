import { useState, type FormEvent } from 'react';
import { CreateRoomInputSchema, ROOM_LIMITS, type Room } from '@studycircle/shared';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Dialog, DialogContent } from '../../../ui/dialog';
import { Field, inputClasses } from '../../../ui/field';
import { errorMessage } from '../../../lib/http';
import { useCreateRoom } from '../api/create-room';
import { TagInput } from './tag-input';

const EMPTY = {
  name: '',
  subject: '',
  description: '',
  isPrivate: true,
  maxMembers: String(ROOM_LIMITS.defaultMaxMembers),
  tags: [] as string[],
};

/** Create Room: name and subject required, private by default, 50 members by default. */
export function CreateRoomDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (room: Room) => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRoom();

  const change = (open: boolean) => {
    if (!open) {
      setForm(EMPTY);
      setError(null);
      create.reset();
    }
    onOpenChange(open);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateRoomInputSchema.safeParse({
      ...form,
      maxMembers: form.maxMembers === '' ? undefined : form.maxMembers,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (room) => {
        change(false);
        onCreated(room);
      },
      onError: (err) => setError(errorMessage(err, 'Could not create the room. Please try again.')),
    });
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title="Create Room"
        description="Set up a study room and share its code with classmates."
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field
            label="Room name"
            required
            maxLength={ROOM_LIMITS.nameMax}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
            placeholder="e.g. Calculus study group"
          />
          <Field
            label="Subject"
            required
            maxLength={ROOM_LIMITS.subjectMax}
            value={form.subject}
            onChange={(e) => setForm({ ...form, subject: e.target.value })}
            placeholder="e.g. Mathematics"
          />
          <div className="space-y-1.5">
            <label
              htmlFor="create-room-description"
              className="block text-sm font-medium text-slate-700"
            >
              Description
            </label>
            <textarea
              id="create-room-description"
              rows={3}
              maxLength={ROOM_LIMITS.descriptionMax}
              value={form.description}
              onChange={(e) => setForm({ ...form, description: e.target.value })}
              placeholder="What will you study together?"
              className={inputClasses}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Max members"
              type="number"
              inputMode="numeric"
              min={ROOM_LIMITS.maxMembersMin}
              max={ROOM_LIMITS.maxMembersMax}
              value={form.maxMembers}
              onChange={(e) => setForm({ ...form, maxMembers: e.target.value })}
            />
            <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={form.isPrivate}
                onChange={(e) => setForm({ ...form, isPrivate: e.target.checked })}
                className="h-4 w-4 rounded border-slate-300 accent-brand-600"
              />
              Private room
            </label>
          </div>
          <TagInput
            tags={form.tags}
            max={ROOM_LIMITS.tagsMax}
            onChange={(tags) => setForm({ ...form, tags })}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Room
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
