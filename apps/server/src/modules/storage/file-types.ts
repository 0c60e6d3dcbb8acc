import {
  ERROR_CODES,
  FILE_NOTE_MAX_BYTES,
  SYNC_MESSAGES,
  type FileNoteType,
} from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';

/**
 * What a stored file is, decided from its first bytes and never from the upload's claim (a name,
 * a Content-Type): docs/product.md §10.2 allows PDF, PNG and JPEG only. An SVG or an HTML page
 * renamed `.png` starts with `<`, matches no signature and is refused, so nothing we serve back
 * can be a document that runs script.
 */

const SIGNATURES: readonly { type: FileNoteType; bytes: readonly number[] }[] = [
  // "%PDF-"
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  // The PNG signature: \x89 P N G \r \n \x1a \n
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // JPEG's start-of-image marker followed by the first marker's 0xFF.
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** The file's type from its magic number, or undefined for anything else. */
export function sniffFileType(bytes: Uint8Array): FileNoteType | undefined {
  return SIGNATURES.find(({ bytes: signature }) => signature.every((b, i) => bytes[i] === b))?.type;
}

/**
 * The type of a file that may be stored; otherwise throws the product's refusal sentence: 413
 * above FILE_NOTE_MAX_BYTES (the body limit of the upload route answers the same), 400 for a
 * type other than PDF, PNG or JPEG (an empty body included).
 */
export function assertStorableFile(bytes: Uint8Array): FileNoteType {
  if (bytes.byteLength > FILE_NOTE_MAX_BYTES) throw fileTooLarge();
  const type = sniffFileType(bytes);
  if (!type) throw AppError.badRequest(SYNC_MESSAGES.fileRefused);
  return type;
}

/** 413 with the product's sentence, so the notes page shows the rule it already shows. */
export function fileTooLarge(): AppError {
  return new AppError(ERROR_CODES.bodyTooLarge, 413, SYNC_MESSAGES.fileRefused);
}
