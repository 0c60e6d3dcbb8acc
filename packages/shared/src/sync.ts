import { z } from 'zod';

/**
 * The sync contract (docs/decisions/0022-study-data-on-the-server.md): a signed-in
 * student's tasks, text notes, file notes and resources live on the server; each browser keeps an
 * offline copy (the product's local keys) and a queue of its own changes in IndexedDB.
 *
 * - Push: `POST /api/sync/push` sends queued mutations. Each carries a client-made mutationId; the
 *   server applies each one at most once per user (a replay answers `duplicate` with the version
 *   it got the first time) and stamps every applied change with the next value of ONE monotonic
 *   counter (a database sequence shared by every kind and user).
 * - Pull: `GET /api/sync/pull?since=<cursor>` returns every change of the user's records with a
 *   version above the cursor, oldest first, in pages; the new cursor is the last version returned.
 * - Poke: after a push applies anything, the server emits `sync-poke` (no content but the newest
 *   version) to `user:<id>`; through the Redis adapter that reaches every device and tab of the
 *   user on every node, which then pull.
 * - Merging (docs/decisions/0070-field-level-merge.md): a put of a record the device has a server
 *   copy of names that copy's version (`base`) and the fields it changed from it (`fields`); the
 *   server writes only those fields, so a rename on one device and a tick on another both stay.
 *   A field another device changed since `base` is a conflict: the edit made later (by `at`,
 *   never later than the server's clock) keeps its value, and the result names the value that
 *   lost (`conflicts`) so the device can say so and offer it back. A put without `base` (a new
 *   record) writes the whole record. When the stored record differs from what was sent, the
 *   result carries it (`data`).
 * - Deletes: a delete leaves a tombstone (`deleted: true`, no data) that no later put can undo,
 *   so a stale device never brings a deleted record back (its put answers `ignored`, and the
 *   device offers the edit back as a new record).
 * - File notes: the record holds the metadata; the bytes (at most FILE_NOTE_MAX_BYTES, docs/product.md
 *   §10.2) are uploaded with `PUT /api/sync/files/:recordId` before the record's put is pushed,
 *   and read on demand with `GET /api/sync/files/:recordId` (owner, or a member of a room the note
 *   is shared with).
 */

export const SYNC_KINDS = ['task', 'textNote', 'fileNote', 'resource'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

export const SYNC_LIMITS = {
  /** Mutations in one push. A client with more queued sends them in several pushes. */
  pushMax: 100,
  /** Changes in one pull page (default and maximum). */
  pullDefault: 500,
  pullMax: 1000,
  /** A client-made id (a UUID, or the product's `note-{ms}` / `file-{ms}` ids). */
  idMax: 100,
  titleMax: 200,
  /** A text note's body. */
  noteTextMax: 100_000,
  linkMax: 2048,
  tagsMax: 20,
  tagMax: 50,
  fileNameMax: 255,
} as const;

/** Product.md §10.2: a file note must be under 256 KB. */
export const FILE_NOTE_MAX_BYTES = 256 * 1024;

/**
 * The file types a file note may hold (docs/product.md §10.2: PDF, PNG, JPEG); the server decides the
 * type from the bytes, never from the upload's claim.
 */
export const FILE_NOTE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type FileNoteType = (typeof FILE_NOTE_TYPES)[number];

/** The extensions each file type is named with; the first is the one a wrong name is given. */
const FILE_NOTE_EXTENSIONS: Record<FileNoteType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
};

/**
 * Bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E/F, U+061C) and other control
 * characters: `report\u202Egnp.html` shows as `reportlmth.png`, so a name could claim any type.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes.
const HIDDEN_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file note's name as it is stored, shown and downloaded: the hidden characters removed and the
 * extension the one of the type decided from the bytes (`....html` holding a PDF is `....pdf`), so
 * the name never says the file is something it is not.
 */
export function fileNameForType(fileName: string, type: FileNoteType): string {
  const extensions = FILE_NOTE_EXTENSIONS[type];
  const clean = fileName.replace(HIDDEN_IN_NAMES, '').trim();
  const dot = clean.lastIndexOf('.');
  const ext = dot >= 0 ? clean.slice(dot + 1).toLowerCase() : '';
  if (extensions.includes(ext)) return clean;
  // A short run of letters and digits after the last dot is an extension; anything else is
  // part of the name ("Week 3. Cells").
  const base = (/^[a-z0-9]{1,8}$/.test(ext) ? clean.slice(0, dot) : clean).trim() || 'file';
  const suffix = `.${extensions[0]!}`;
  return base.slice(0, SYNC_LIMITS.fileNameMax - suffix.length) + suffix;
}

const ClientIdSchema = z
  .string()
  .min(1)
  .max(SYNC_LIMITS.idMax)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'Use letters, digits, _ . : and - only');

const Millis = z.number().int().nonnegative();
/** The message for a due date that is not a yyyy-mm-dd day of the calendar. */
export const DATE_ONLY_MESSAGE = 'Use a real date as yyyy-mm-dd';

/**
 * Whether `value` is a yyyy-mm-dd day that exists: the shape alone lets `9999-99-99` and
 * `2026-02-30` through, which every screen then shows as "Invalid Date" or a day that never was.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

const DateOnly = z.string().refine(isCalendarDate, DATE_ONLY_MESSAGE);
const HttpLink = z
  .string()
  .max(SYNC_LIMITS.linkMax)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Links must start with http:// or https://');

/** A task as the userTasks key stores it (docs/product.md §11.4), less its id. */
export const TaskDataSchema = z.object({
  title: z.string().trim().min(1).max(SYNC_LIMITS.titleMax),
  due: DateOnly.nullable(),
  priority: z.enum(['low', 'medium', 'high']),
  status: z.enum(['open', 'done']),
  createdAt: Millis,
  completed: z.boolean().optional(),
  completedAt: Millis.optional(),
});

/** A text note as the userNotesText key stores it (docs/product.md §10.4), less its id. */
export const TextNoteDataSchema = z.object({
  title: z.string().max(SYNC_LIMITS.titleMax),
  text: z.string().max(SYNC_LIMITS.noteTextMax),
  type: z.literal('notes'),
  author: z.string().max(SYNC_LIMITS.titleMax),
  downloads: z.number().int().nonnegative(),
  room: z.string().max(SYNC_LIMITS.titleMax),
  uploadedAt: z.string().max(40),
});

/** A file note's metadata (docs/product.md §10.5); its bytes travel apart, see the files endpoints. */
export const FileNoteDataSchema = z.object({
  fileName: z.string().min(1).max(SYNC_LIMITS.fileNameMax),
  fileType: z.string().max(100),
  /** Byte length of the uploaded file. */
  size: z.number().int().min(0).max(FILE_NOTE_MAX_BYTES),
  uploadedAt: z.string().max(40),
});

/** A resource as the resources keys store it (docs/product.md §12.4), less its id. */
export const ResourceDataSchema = z.object({
  title: z.string().trim().min(1).max(SYNC_LIMITS.titleMax),
  link: HttpLink,
  type: z.string().min(1).max(30),
  tags: z.array(z.string().max(SYNC_LIMITS.tagMax)).max(SYNC_LIMITS.tagsMax),
  uploadedAt: Millis,
  by: z.string().max(SYNC_LIMITS.titleMax),
});

export const SYNC_DATA_SCHEMAS = {
  task: TaskDataSchema,
  textNote: TextNoteDataSchema,
  fileNote: FileNoteDataSchema,
  resource: ResourceDataSchema,
} as const;

export type TaskData = z.infer<typeof TaskDataSchema>;
export type TextNoteData = z.infer<typeof TextNoteDataSchema>;
export type FileNoteData = z.infer<typeof FileNoteDataSchema>;
export type ResourceData = z.infer<typeof ResourceDataSchema>;
export interface SyncDataByKind {
  task: TaskData;
  textNote: TextNoteData;
  fileNote: FileNoteData;
  resource: ResourceData;
}

const mutationBase = {
  mutationId: ClientIdSchema,
  id: ClientIdSchema,
  /** When the device made the change (ms); kept for display, never used to order writes. */
  at: Millis,
};

/** The fields of each kind's record, the names a put's `fields` may list. */
export const SYNC_FIELDS = {
  task: TaskDataSchema.keyof().options,
  textNote: TextNoteDataSchema.keyof().options,
  fileNote: FileNoteDataSchema.keyof().options,
  resource: ResourceDataSchema.keyof().options,
} as const;

const putFor = <K extends SyncKind>(kind: K) =>
  z.object({
    ...mutationBase,
    op: z.literal('put'),
    kind: z.literal(kind),
    data: SYNC_DATA_SCHEMAS[kind],
    /**
     * The version of the server's copy this edit was made from. Absent for a new record (or from
     * a device that keeps no copy): the whole record is written.
     */
    base: z.number().int().nonnegative().optional(),
    /** The fields this edit changed from that copy; with `base`, only these are written. */
    fields: z
      .array(z.enum(SYNC_FIELDS[kind] as unknown as [string, ...string[]]))
      .max(SYNC_FIELDS[kind].length)
      .optional(),
    /**
     * The device that made the edit (a random id it keeps): a field it changed itself since
     * `base`, in an earlier edit still on its way, is not a conflict.
     */
    device: ClientIdSchema.optional(),
  });

export const SyncMutationSchema = z.union([
  putFor('task'),
  putFor('textNote'),
  putFor('fileNote'),
  putFor('resource'),
  z.object({ ...mutationBase, op: z.literal('delete'), kind: z.enum(SYNC_KINDS) }),
]);
export type SyncMutation = z.infer<typeof SyncMutationSchema>;

export const SyncPushInputSchema = z.object({
  mutations: z.array(SyncMutationSchema).min(1).max(SYNC_LIMITS.pushMax),
});
export type SyncPushInput = z.infer<typeof SyncPushInputSchema>;

/**
 * applied: the change is stored with `version`; duplicate: this mutationId was applied before
 * (`version` is what it got then); ignored: a put on a tombstone, nothing changed.
 */
export const SYNC_RESULT_STATUSES = ['applied', 'duplicate', 'ignored'] as const;

/**
 * A field this edit and another device's both changed. `kept`: whose value the record holds now,
 * this edit's (`yours`, made later) or the other device's (`theirs`); `lost` is the value that
 * did not stay, which the device may offer back.
 */
export const SyncConflictSchema = z.object({
  field: z.string(),
  kept: z.enum(['yours', 'theirs']),
  lost: z.unknown(),
});
export type SyncConflict = z.infer<typeof SyncConflictSchema>;

export const SyncPushResultSchema = z.object({
  mutationId: z.string(),
  status: z.enum(SYNC_RESULT_STATUSES),
  version: z.number().int(),
  /** The record as stored, when it differs from what the put sent (merged with other edits). */
  data: z.record(z.string(), z.unknown()).optional(),
  /** Fields another device changed too (applied puts only). */
  conflicts: z.array(SyncConflictSchema).optional(),
});
export type SyncPushResult = z.infer<typeof SyncPushResultSchema>;
export const SyncPushResponseSchema = z.object({ results: z.array(SyncPushResultSchema) });
export type SyncPushResponse = z.infer<typeof SyncPushResponseSchema>;

export const SyncPullQuerySchema = z.object({
  since: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(SYNC_LIMITS.pullMax).default(SYNC_LIMITS.pullDefault),
});
export type SyncPullQuery = z.input<typeof SyncPullQuerySchema>;

export type SyncChange =
  | {
      [K in SyncKind]: {
        kind: K;
        id: string;
        version: number;
        deleted: false;
        data: SyncDataByKind[K];
        /** Server time of the change (ISO). */
        updatedAt: string;
      };
    }[SyncKind]
  | { kind: SyncKind; id: string; version: number; deleted: true; data: null; updatedAt: string };

/**
 * One change as a pull carries it. `data` is the record as it was pushed (checked then against
 * its kind's schema), passed on whole, or null for a tombstone.
 */
export const SyncChangeSchema = z.object({
  kind: z.enum(SYNC_KINDS),
  id: z.string(),
  version: z.number().int(),
  deleted: z.boolean(),
  data: z.record(z.string(), z.unknown()).nullable(),
  updatedAt: z.string(),
});

export const SyncPullResponseSchema = z.object({
  changes: z.array(SyncChangeSchema),
  /** The version of the last change returned, or `since` when there were none. */
  cursor: z.number().int(),
  /** True when more changes wait: pull again from `cursor`. */
  hasMore: z.boolean(),
});
export interface SyncPullResponse {
  changes: SyncChange[];
  /** The version of the last change returned, or `since` when there were none. */
  cursor: number;
  /** True when more changes wait: pull again from `cursor`. */
  hasMore: boolean;
}

/** Socket.IO event (server to client) telling a user's devices to pull. */
export const SYNC_POKE_EVENT = 'sync-poke';
export interface SyncPoke {
  /** The newest version the server has for this user. */
  version: number;
}

export const SYNC_MESSAGES = {
  /** The product's own upload rule sentence (docs/product.md §10.2). */
  fileRefused: 'Only PNG, JPG, or PDF files are allowed and must be under 256KB.',
  fileNotFound: 'File not found',
  offline: 'Offline',
  saving: 'Saving…',
  saved: 'Saved',
  couldNotSync: 'Could not sync',
} as const;

/** The `:id` of the files endpoints: the file note's record id. */
export const SyncFileParamsSchema = z.object({ id: ClientIdSchema });

/** `PUT /api/sync/files/:id` answers 201 with what was stored (the type read from the bytes). */
export const SyncFileUploadResponseSchema = z.object({
  id: z.string(),
  contentType: z.enum(FILE_NOTE_TYPES),
  size: z.number().int(),
});
export type SyncFileUploadResponse = z.infer<typeof SyncFileUploadResponseSchema>;
