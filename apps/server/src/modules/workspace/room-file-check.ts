import { Transform, type TransformCallback } from 'node:stream';
import {
  ERROR_CODES,
  ROOM_FILE_MESSAGES,
  ROOM_FILE_TYPES,
  type RoomFileType,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';

/**
 * What a room file is, decided from its first bytes while it streams in, never from its name or
 * the upload's claim (docs/decisions/0074-room-files.md), and a byte counter that stops an upload
 * the moment it passes its limit. An HTML page or an SVG renamed `.pdf` is UTF-8 text, so it is
 * at most stored as `text/plain` and served as an attachment with nosniff: nothing we serve back
 * can run script as our origin.
 */

/** How much of the start is looked at: the text check reads this much, the ZIP checks their local headers in it. */
export const SNIFF_BYTES = 64 * 1024;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);

const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ODF_TYPES = ROOM_FILE_TYPES.filter((t) => t.startsWith('application/vnd.oasis.'));

/** An OpenDocument file: a ZIP whose first entry is `mimetype`, stored, naming the type. */
function openDocumentType(head: Buffer): RoomFileType | undefined {
  if (head.length < 30) return undefined;
  const method = head.readUInt16LE(8);
  const size = head.readUInt32LE(18);
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  if (method !== 0 || head.toString('latin1', 30, 30 + nameLength) !== 'mimetype') return undefined;
  const start = 30 + nameLength + extraLength;
  const mimetype = head.toString('latin1', start, start + size);
  return ODF_TYPES.find((t) => t === mimetype);
}

/**
 * An Office Open XML file: a ZIP with `[Content_Types].xml` and a `word/`, `xl/` or `ppt/`
 * part among the local headers in the first bytes (Office writes the content types first and
 * the main part soon after). Every local header signature is looked at, so entries whose sizes
 * follow in a data descriptor are found too.
 */
function officeType(head: Buffer): RoomFileType | undefined {
  const names: string[] = [];
  for (let at = head.indexOf('PK\x03\x04', 0, 'latin1'); at >= 0 && at + 30 <= head.length;) {
    const nameLength = head.readUInt16LE(at + 26);
    names.push(head.toString('latin1', at + 30, Math.min(head.length, at + 30 + nameLength)));
    at = head.indexOf('PK\x03\x04', at + 4, 'latin1');
  }
  if (!names.includes('[Content_Types].xml')) return undefined;
  if (names.some((n) => n.startsWith('word/'))) return ROOM_FILE_TYPES[5];
  if (names.some((n) => n.startsWith('xl/'))) return ROOM_FILE_TYPES[6];
  if (names.some((n) => n.startsWith('ppt/'))) return ROOM_FILE_TYPES[7];
  return undefined;
}

/** UTF-8 without a NUL byte; `complete` when `head` is the whole file (else a cut character is fine). */
function isText(head: Buffer, complete: boolean): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/** The type of a file from its first bytes (`complete`: they are the whole file). */
export function detectRoomFileType(head: Buffer, complete: boolean): RoomFileType | undefined {
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // GIF87a or GIF89a
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39)) {
    return head[5] === 0x61 ? 'image/gif' : undefined;
  }
  // RIFF....WEBP
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  if (startsWith(head, ZIP_LOCAL)) return openDocumentType(head) ?? officeType(head);
  return isText(head, complete) ? 'text/plain' : undefined;
}

export const typeRefused = () =>
  new AppError(ERROR_CODES.unsupportedMediaType, 415, ROOM_FILE_MESSAGES.typeRefused);

/**
 * The stream an upload goes through on its way to the store: it holds the first SNIFF_BYTES
 * until the type is decided (refusing with 415), then passes chunks on as they come; past
 * `maxBytes` it fails with `tooLarge()` at once, so nothing past the limit is written.
 */
export class RoomFileCheck extends Transform {
  bytes = 0;
  type: RoomFileType | undefined;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly tooLarge: () => AppError,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(this.tooLarge());
    if (this.type) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return callback();
    return this.decide(false, callback);
  }

  override _flush(callback: TransformCallback) {
    if (this.type) return callback();
    if (this.headLength === 0) {
      return callback(AppError.badRequest(ROOM_FILE_MESSAGES.empty));
    }
    return this.decide(true, callback);
  }

  private decide(complete: boolean, callback: TransformCallback) {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.type = detectRoomFileType(head, complete);
    if (!this.type) return callback(typeRefused());
    return callback(null, head);
  }
}
