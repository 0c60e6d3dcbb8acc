/**
 * The Resources form's rules (docs/product.md §12.2), kept apart from storage and React so
 * they are tested on their own.
 */

export const RESOURCE_TYPES = ['notes', 'guide', 'cheatsheet', 'roadmap'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const TITLE_REQUIRED = 'Please enter a title.';
export const INVALID_LINK = 'Please enter a valid link (e.g., example.com or https://example.com).';

const SAFE_PROTOCOLS = new Set(['http:', 'https:']);

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** A real web host: has a dot (example.com, 10.0.0.1) or is localhost / an IPv6 address. */
function hasWebHost(url: URL): boolean {
  const host = url.hostname;
  return host === 'localhost' || host.includes('.') || host.startsWith('[');
}

/**
 * Normalises a typed link to a full http(s) URL, or null when it is not a web link
 * (docs/product.md §12.2: the link must parse as a URL; if not, https:// is prefixed; if still
 * invalid, it is refused).
 *
 * Only http and https are ever accepted. A value that parses with another scheme (javascript:,
 * data:, file:, mailto:, vbscript:) is refused outright rather than prefixed: prefixing would
 * turn "mailto:a@b.com" into a link to b.com, which is not what the user typed. The one
 * exception is host:port ("localhost:3000", "example.com:8080/x"), which URL also reads as a
 * scheme but is plainly a web address.
 */
export function normaliseLink(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  const direct = parse(value);
  if (direct && SAFE_PROTOCOLS.has(direct.protocol)) {
    return hasWebHost(direct) ? direct.href : null;
  }
  if (direct && !/^[a-z0-9.-]+:\d+(?:[/?#]|$)/i.test(value)) return null;
  const prefixed = parse(`https://${value}`);
  return prefixed && hasWebHost(prefixed) ? prefixed.href : null;
}

/**
 * The href a stored link may be opened with: itself when it is an http(s) URL, else null. Stored
 * data can be edited by hand or written by an older build, so it is checked again on the way out.
 */
export function safeHref(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  const url = parse(link.trim());
  return url && SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
}

/** Comma-separated tags, each trimmed, empties dropped (docs/product.md §12.2). */
export function parseTags(input: string): string[] {
  return input
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

export type ResourceFormResult =
  | { ok: true; title: string; link: string; tags: string[] }
  | { ok: false; message: string; field: 'title' | 'link' };

/** Checks the form in the order of docs/product.md §12.2: the title first, then the link. */
export function validateResourceForm(input: {
  title: string;
  link: string;
  tags: string;
}): ResourceFormResult {
  const title = input.title.trim();
  if (!title) return { ok: false, message: TITLE_REQUIRED, field: 'title' };
  const link = normaliseLink(input.link);
  if (!link) return { ok: false, message: INVALID_LINK, field: 'link' };
  return { ok: true, title, link, tags: parseTags(input.tags) };
}
