import type { SyncConflict, SyncKind } from '@studycircle/shared';
import type { SyncNotice } from '../../lib/sync/engine';
import { lostValues } from '../../lib/sync/merge';

/**
 * What the student is told after a merge (docs/decisions/0070-field-level-merge.md), as plain
 * words: the record's title, the field in human words, the value that did not stay, and one way
 * back. Pure: study-sync.ts shows these as toasts and runs the chosen way back.
 */

/**
 * How long such a toast shows: longer than the Undo toast's 5 s (docs/decisions/0064), since it
 * names two values and offers a choice the student has to read before making.
 */
export const MERGE_NOTICE_MS = 8_000;

/** The field names the student reads; a field not named here is bookkeeping, never news. */
const FIELD_WORDS: Partial<Record<string, string>> = {
  title: 'title',
  due: 'due date',
  priority: 'priority',
  status: 'status',
  text: 'text',
  link: 'link',
  tags: 'tags',
  type: 'type',
  fileName: 'file name',
  author: 'author',
  room: 'room',
  by: 'author',
};

/** What a way back does: write values into the record again, or make the edit a new record. */
export type MergeRemedy =
  | { type: 'put-back'; kind: SyncKind; id: string; values: Record<string, unknown> }
  | { type: 'restore'; kind: SyncKind; data: Record<string, unknown> };

export interface MergeMessage {
  /** One toast per record and side, so a newer one about the same replaces the older. */
  key: string;
  message: string;
  action: { label: string; remedy: MergeRemedy } | null;
}

const TITLE_MAX = 60;
const VALUE_MAX = 40;

const clip = (value: string, max: number) =>
  value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;

/** The record's name in a sentence: its title (a file note's file name), in quotes. */
function titleOf(kind: SyncKind, data: Record<string, unknown>): string {
  const raw = kind === 'fileNote' ? data.fileName : data.title;
  const title = typeof raw === 'string' ? raw.trim() : '';
  if (title) return `“${clip(title, TITLE_MAX)}”`;
  return kind === 'textNote' ? 'An untitled note' : 'A record';
}

/** A value as the student reads it. */
function valueOf(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (Array.isArray(value))
    return value.length === 0 ? 'none' : `“${clip(value.join(', '), VALUE_MAX)}”`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  return `“${clip(String(value).replace(/\s+/g, ' ').trim(), VALUE_MAX)}”`;
}

/** "title", "title and due date", "title, due date and status". */
function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`;
}

function conflictMessage(
  notice: Extract<SyncNotice, { type: 'conflict' }>,
  kept: SyncConflict['kept'],
): MergeMessage | null {
  const group = notice.conflicts.filter((conflict) => conflict.kept === kept);
  const named = group.filter((conflict) => FIELD_WORDS[conflict.field]);
  // Only bookkeeping differed (two ticks a second apart): nothing the student would call a change.
  if (named.length === 0) return null;
  const words = [...new Set(named.map((conflict) => FIELD_WORDS[conflict.field]!))];
  const one = named.length === 1 ? named[0]! : null;
  const title = titleOf(notice.kind, notice.data);
  const fields = `the ${list(words)}`;
  // "the tags were", like "the title and link were".
  const verb = !one || words[0] === 'tags' ? 'were' : 'was';
  const message =
    kept === 'yours'
      ? `${title}: ${fields} ${verb} also changed on another device; yours replaced ${
          one ? valueOf(one.lost) : 'theirs'
        }.`
      : `${title}: ${fields} ${verb} changed later on another device, so yours ${
          one ? `(${valueOf(one.lost)}) was` : 'were'
        } not kept.`;
  return {
    key: `merge:${notice.kind}:${notice.id}:${kept}`,
    message,
    action: {
      label: kept === 'yours' ? 'Put back' : 'Use mine',
      // The bookkeeping fields of the same side go back with the named ones (a status with its
      // completion time), so the record stays whole.
      remedy: { type: 'put-back', kind: notice.kind, id: notice.id, values: lostValues(group) },
    },
  };
}

/** The toasts a notice makes: one per side of its conflicts, or one for a refused edit. */
export function mergeMessages(notice: SyncNotice): MergeMessage[] {
  if (notice.type === 'conflict') {
    return (['yours', 'theirs'] as const)
      .map((kept) => conflictMessage(notice, kept))
      .filter((message): message is MergeMessage => message !== null);
  }
  return [
    {
      key: `merge:${notice.kind}:${notice.id}:deleted`,
      message: `${titleOf(notice.kind, notice.data)} was deleted on another device, so your change was not saved.`,
      // A file note's bytes went with it: there is nothing to make it again from.
      action:
        notice.kind === 'fileNote'
          ? null
          : { label: 'Restore', remedy: { type: 'restore', kind: notice.kind, data: notice.data } },
    },
  ];
}
