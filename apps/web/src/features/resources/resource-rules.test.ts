import { describe, expect, it } from 'vitest';
import {
  INVALID_LINK,
  TITLE_REQUIRED,
  normaliseLink,
  parseTags,
  safeHref,
  validateResourceForm,
} from './resource-rules';

describe('normaliseLink (docs/product.md §12.2)', () => {
  it.each([
    ['https://example.com/notes', 'https://example.com/notes'],
    ['http://example.com', 'http://example.com/'],
    ['example.com', 'https://example.com/'],
    ['  docs.python.org/3/tutorial  ', 'https://docs.python.org/3/tutorial'],
    ['localhost:3000/x', 'https://localhost:3000/x'],
    ['example.com:8080', 'https://example.com:8080/'],
    ['HTTPS://Example.COM', 'https://example.com/'],
  ])('accepts %s as %s', (input, output) => {
    expect(normaliseLink(input)).toBe(output);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'mailto:someone@example.com',
    'ftp://example.com/file',
    'not a link',
    'hello',
    '',
    '   ',
    'https://',
  ])('refuses %j', (input) => {
    expect(normaliseLink(input)).toBeNull();
  });
});

describe('safeHref', () => {
  it('only lets http and https links out of storage', () => {
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref(42)).toBeNull();
  });
});

describe('parseTags', () => {
  it('trims each tag and drops empties', () => {
    expect(parseTags(' react , ,hooks,,  state management ,')).toEqual([
      'react',
      'hooks',
      'state management',
    ]);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ')).toEqual([]);
  });
});

describe('validateResourceForm', () => {
  it('checks the title before the link', () => {
    expect(validateResourceForm({ title: '  ', link: 'javascript:x', tags: '' })).toEqual({
      ok: false,
      message: TITLE_REQUIRED,
      field: 'title',
    });
    expect(validateResourceForm({ title: 'A', link: 'javascript:x', tags: '' })).toEqual({
      ok: false,
      message: INVALID_LINK,
      field: 'link',
    });
  });

  it('returns the trimmed title, the full link and the tags', () => {
    expect(validateResourceForm({ title: ' SQL ', link: 'sqlbolt.com', tags: 'db, sql' })).toEqual({
      ok: true,
      title: 'SQL',
      link: 'https://sqlbolt.com/',
      tags: ['db', 'sql'],
    });
  });
});
