import { isRecord } from '../../lib/storage';

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * The name shown for a user (docs/product.md §3.9): name, username, fullName, firstName, user.name
 * or profile.name; failing those the part of the email before the @; failing that 'Student'. The
 * first letter is capitalised.
 */
export function displayName(user: unknown): string {
  const record = isRecord(user) ? user : {};
  const nested = (key: 'user' | 'profile') => {
    const inner = record[key];
    return isRecord(inner) ? inner.name : undefined;
  };
  const email = text(record.email) ?? (isRecord(record.user) ? text(record.user.email) : null);
  const fromEmail = email && email.includes('@') ? text(email.slice(0, email.indexOf('@'))) : null;
  const name =
    text(record.name) ??
    text(record.username) ??
    text(record.fullName) ??
    text(record.firstName) ??
    text(nested('user')) ??
    text(nested('profile')) ??
    fromEmail ??
    'Student';
  return name.charAt(0).toUpperCase() + name.slice(1);
}
