import { useState, type FormEvent, type ReactNode } from 'react';
import {
  CreateRoomInputSchema,
  ROOM_LIMITS,
  ROOM_STATUSES,
  UpdateRoomInputSchema,
  type CreateRoomInput,
  type Room,
  type RoomStatus,
  type UpdateRoomInput,
} from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
import { Alert } from '../../../ui/alert';
import { Field, inputClasses } from '../../../ui/field';
import { TagInput } from './tag-input';

/** What the form holds while it is edited (the number as typed). */
export interface RoomFormValues {
  name: string;
  subject: string;
  description: string;
  status: RoomStatus;
  isPrivate: boolean;
  maxMembers: string;
  tags: string[];
}

/** A new room: private by default, 50 members by default (docs/product.md §5.4). */
export const NEW_ROOM_VALUES: RoomFormValues = {
  name: '',
  subject: '',
  description: '',
  status: 'active',
  isPrivate: true,
  maxMembers: String(ROOM_LIMITS.defaultMaxMembers),
  tags: [],
};

/** The form's values for an existing room. */
export function roomFormValues(room: Room): RoomFormValues {
  return {
    name: room.name,
    subject: room.subject,
    description: room.description,
    status: room.status,
    isPrivate: room.isPrivate,
    maxMembers: String(room.maxMembers),
    tags: room.tags,
  };
}

const STATUS_LABEL: Record<RoomStatus, string> = {
  active: 'Active',
  studying: 'Studying',
  break: 'Break',
};

type ModeProps =
  | {
      /** A new room: no status yet, placeholders that suggest what to type. */
      mode: 'create';
      onSubmit: (input: CreateRoomInput) => Promise<unknown>;
    }
  | {
      /** An existing room: its status too, and name and subject side by side. */
      mode: 'edit';
      onSubmit: (input: UpdateRoomInput) => Promise<unknown>;
    };

/**
 * The room form the Create Room and Manage Room dialogs share: name, subject, description,
 * (status), max members, privacy and tags, checked with the shared schema before anything is
 * sent. `onSubmit` gets the parsed input; when its promise rejects, the form shows the server's
 * sentence, else `failureMessage`. The caller brings the heading and the buttons.
 */
export function RoomForm({
  initial,
  idPrefix,
  minMembers = ROOM_LIMITS.maxMembersMin,
  failureMessage,
  heading,
  actions,
  'aria-label': ariaLabel,
  ...mode
}: ModeProps & {
  initial: RoomFormValues;
  /** Makes the ids of the fields that are not `Field`s unique on the page. */
  idPrefix: string;
  /** The lowest max-members the room accepts (an existing room cannot shrink below its members). */
  minMembers?: number;
  failureMessage: string;
  heading?: ReactNode;
  actions: ReactNode;
  'aria-label'?: string;
}) {
  const [form, setFormState] = useState(initial);
  const [error, setError] = useState<{ message: string; fromCheck: boolean } | null>(null);
  const editing = mode.mode === 'edit';

  const check = (values: RoomFormValues) =>
    mode.mode === 'create'
      ? CreateRoomInputSchema.safeParse({
          name: values.name,
          subject: values.subject,
          description: values.description,
          isPrivate: values.isPrivate,
          maxMembers: values.maxMembers === '' ? undefined : values.maxMembers,
          tags: values.tags,
        })
      : UpdateRoomInputSchema.safeParse(values);

  // A message from the form's own check follows the fields as they are fixed ('Room name is
  // required' goes once a name is typed, and the next problem, if any, takes its place); a
  // message from the server stays until the next submit.
  const setForm = (values: RoomFormValues) => {
    setFormState(values);
    if (!error?.fromCheck) return;
    const parsed = check(values);
    setError(
      parsed.success
        ? null
        : { message: parsed.error.issues[0]?.message ?? 'Please check the form.', fromCheck: true },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = check(form);
    if (!parsed.success) {
      setError({
        message: parsed.error.issues[0]?.message ?? 'Please check the form.',
        fromCheck: true,
      });
      return;
    }
    setError(null);
    const sent =
      mode.mode === 'create'
        ? mode.onSubmit(parsed.data as CreateRoomInput)
        : mode.onSubmit(parsed.data as UpdateRoomInput);
    sent.catch((err: unknown) =>
      setError({ message: errorMessage(err, failureMessage), fromCheck: false }),
    );
  };

  const nameField = (
    <Field
      label="Room name"
      required
      maxLength={ROOM_LIMITS.nameMax}
      value={form.name}
      onChange={(e) => setForm({ ...form, name: e.target.value })}
      placeholder={editing ? undefined : 'e.g. Calculus study group'}
    />
  );
  const subjectField = (
    <Field
      label="Subject"
      required
      maxLength={ROOM_LIMITS.subjectMax}
      value={form.subject}
      onChange={(e) => setForm({ ...form, subject: e.target.value })}
      placeholder={editing ? undefined : 'e.g. Mathematics'}
    />
  );
  const maxMembersField = (
    <Field
      label="Max members"
      type="number"
      inputMode="numeric"
      min={minMembers}
      max={ROOM_LIMITS.maxMembersMax}
      value={form.maxMembers}
      onChange={(e) => setForm({ ...form, maxMembers: e.target.value })}
    />
  );
  const privateField = (
    <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={form.isPrivate}
        onChange={(e) => setForm({ ...form, isPrivate: e.target.checked })}
        className="h-4 w-4 rounded border-slate-300 accent-brand-600"
      />
      Private room
    </label>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={ariaLabel}>
      {heading}
      {editing ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {nameField}
          {subjectField}
        </div>
      ) : (
        <>
          {nameField}
          {subjectField}
        </>
      )}
      <div className="space-y-1.5">
        <label
          htmlFor={`${idPrefix}-description`}
          className="block text-sm font-medium text-slate-700"
        >
          Description
        </label>
        <textarea
          id={`${idPrefix}-description`}
          rows={3}
          maxLength={ROOM_LIMITS.descriptionMax}
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          placeholder={editing ? undefined : 'What will you study together?'}
          className={inputClasses}
        />
      </div>
      {editing ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="space-y-1.5">
            <label
              htmlFor={`${idPrefix}-status`}
              className="block text-sm font-medium text-slate-700"
            >
              Status
            </label>
            <select
              id={`${idPrefix}-status`}
              value={form.status}
              onChange={(e) => setForm({ ...form, status: e.target.value as RoomStatus })}
              className={inputClasses}
            >
              {ROOM_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABEL[status]}
                </option>
              ))}
            </select>
          </div>
          {maxMembersField}
          {privateField}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {maxMembersField}
          {privateField}
        </div>
      )}
      <TagInput
        tags={form.tags}
        max={ROOM_LIMITS.tagsMax}
        onChange={(tags) => setForm({ ...form, tags })}
      />
      {error && <Alert tone="error">{error.message}</Alert>}
      {actions}
    </form>
  );
}
