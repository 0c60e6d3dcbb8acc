import { describe, expect, it } from 'vitest';
import { FILE_REJECTED, checkUploadFile, fileKind, needsReadMore, noteTitle } from './note-rules';

describe('checkUploadFile (docs/product.md §10.2)', () => {
  it.each([
    ['application/pdf', 1000],
    ['image/png', 256 * 1024],
    ['image/jpeg', 10],
    ['image/jpg', 10],
    ['IMAGE/PNG', 10],
  ])('accepts %s of %i bytes', (type, size) => {
    expect(checkUploadFile({ type, size })).toBeNull();
  });

  it.each([
    ['image/png', 256 * 1024 + 1],
    ['image/png', 300 * 1024],
    ['image/gif', 10],
    ['image/svg+xml', 10],
    ['text/html', 10],
    ['', 10],
  ])('refuses %s of %i bytes with the exact message', (type, size) => {
    expect(checkUploadFile({ type, size })).toBe(
      'Only PNG, JPG, or PDF files are allowed and must be under 256KB.',
    );
    expect(FILE_REJECTED).toBe('Only PNG, JPG, or PDF files are allowed and must be under 256KB.');
  });

  it('sorts files into the combined list kinds', () => {
    expect(fileKind('application/pdf')).toBe('pdf');
    expect(fileKind('image/png')).toBe('image');
    expect(fileKind('text/plain')).toBe('file');
  });
});

describe('noteTitle (docs/product.md §10.3)', () => {
  it('keeps a given title, trimmed', () => {
    expect(noteTitle('  Week 3  ', 'body')).toBe('Week 3');
  });
  it('falls back to the first 40 characters of the body', () => {
    const body = 'Photosynthesis converts light energy into chemical energy stored in glucose.';
    expect(noteTitle('', body)).toBe(body.slice(0, 40));
    expect(noteTitle('   ', '  short body ')).toBe('short body');
  });
  it('never cuts an emoji in half', () => {
    const body = `${'a'.repeat(39)}😀tail`;
    expect(noteTitle('', body)).toBe(`${'a'.repeat(39)}😀`);
  });
  it("is 'Untitled Note' with neither", () => {
    expect(noteTitle('', '   ')).toBe('Untitled Note');
  });
});

describe('Read More (docs/product.md §10.1)', () => {
  it('appears only above 250 characters', () => {
    expect(needsReadMore('x'.repeat(250))).toBe(false);
    expect(needsReadMore('x'.repeat(251))).toBe(true);
  });
});
