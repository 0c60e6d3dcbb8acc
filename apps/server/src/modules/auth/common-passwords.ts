import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords, refused at registration, reset and change. The list is zxcvbn-ts's
 * `passwords-common` (ranked by frequency in leaked password sets, about 49,000 entries); the
 * first 10,000 are what guessing tools try first, and what a person would recognise as "a common
 * password" when told so. Compared after the same NFKC normalisation the hash uses and without
 * case, so "Password1" is refused with "password1". Built on first use (~10 ms).
 */

export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  return common.has(password.normalize('NFKC').toLowerCase());
}
