/** The Notes page's rules (docs/product.md §10.1-§10.3), apart from storage and React. */

/** docs/product.md §10.2: only these types, at most 256 KB. */
export const ALLOWED_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/jpg'];
export const MAX_FILE_BYTES = 256 * 1024;
export const FILE_REJECTED = 'Only PNG, JPG, or PDF files are allowed and must be under 256KB.';
export const FILE_READ_FAILED = 'Could not read file. Please try again.';
/** docs/product.md §10.1: the upload-requirements dialog. */
export const UPLOAD_REQUIREMENTS = 'Only PNG, JPG, and PDF are allowed. Maximum size 256KB.';

/** docs/product.md §10.1, §10.3: Read More above 250 characters; default titles cut at 40. */
export const READ_MORE_THRESHOLD = 250;
export const DEFAULT_TITLE_LENGTH = 40;

/** The message for a file the upload refuses, or null when it may be stored. */
export function checkUploadFile(file: { type: string; size: number }): string | null {
  const type = file.type.toLowerCase();
  if (!ALLOWED_FILE_TYPES.includes(type) || file.size > MAX_FILE_BYTES) return FILE_REJECTED;
  return null;
}

/** The kind a file entry has in the combined userNotes list. */
export function fileKind(fileType: string): 'pdf' | 'image' | 'file' {
  if (fileType === 'application/pdf') return 'pdf';
  if (fileType.startsWith('image/')) return 'image';
  return 'file';
}

/**
 * docs/product.md §10.3: an empty title becomes the first 40 characters of the body, else 'Untitled
 * Note'. Characters are counted as the user sees them, so an emoji is never cut in half.
 */
export function noteTitle(title: string, body: string): string {
  const given = title.trim();
  if (given) return given;
  const text = body.trim();
  if (!text) return 'Untitled Note';
  return Array.from(text).slice(0, DEFAULT_TITLE_LENGTH).join('').trim();
}

/** Whether a note is long enough to get a Read More button. */
export const needsReadMore = (text: string) => text.length > READ_MORE_THRESHOLD;
