/**
 * The profile page's rules and sentences (docs/product.md §13.2-§13.4), shared so that the page
 * and the server's profile schema agree on what an avatar is.
 */

export const AVATAR = {
  /** The picked file must be smaller than this (docs/product.md §13.2: under 10 MB). */
  maxFileBytes: 10 * 1024 * 1024,
  /** The stored picture's longest side (docs/product.md §13.2: 400 px). */
  maxDimension: 400,
  /** JPEG quality of the stored picture (docs/product.md §13.2: 0.8). */
  jpegQuality: 0.8,
  /**
   * Longest accepted data URL. A 400 px JPEG at 0.8 is well under 100 KB; the bound leaves room
   * for noisy photos and still keeps every profile response small.
   */
  maxDataUrlLength: 700_000,
} as const;

export const PROFILE_MESSAGES = {
  invalidImage: 'Please select a valid image file',
  imageTooLarge: 'Image size should be less than 10MB',
  avatarSaved: 'Avatar uploaded and saved successfully!',
  profileSaved: 'Profile updated successfully!',
  avatarFailed: 'Failed to upload avatar',
  profileFailed: 'Failed to save profile',
  phoneInvalid: 'Phone number can only contain digits, spaces, +, - and parentheses',
} as const;

/** The longest phone number kept (an international number with spaces and an extension fits). */
export const PHONE_MAX = 40;

/**
 * A phone number as people write it: digits, spaces, +, - and parentheses, with at least one
 * digit ('abc' and '---' are refused), or nothing at all. Checked on the trimmed value by the
 * profile form and by the server's UpdateProfileInputSchema, so both refuse the same numbers.
 */
export function isPhoneNumber(value: string): boolean {
  const phone = value.trim();
  return phone === '' || (/^[\d\s+()-]+$/.test(phone) && /\d/.test(phone));
}

/** The first avatar rule a picked file breaks (docs/product.md §13.2, in order), or null. */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return PROFILE_MESSAGES.invalidImage;
  if (file.size >= AVATAR.maxFileBytes) return PROFILE_MESSAGES.imageTooLarge;
  return null;
}

/**
 * A stored avatar as the page makes it: a base64 JPEG data URL (a JPEG's first bytes FF D8 FF
 * encode as "/9j/"), well-formed base64, within the size bound.
 */
export function isJpegDataUrl(value: string): boolean {
  const prefix = 'data:image/jpeg;base64,';
  if (!value.startsWith(prefix) || value.length > AVATAR.maxDataUrlLength) return false;
  const data = value.slice(prefix.length);
  return data.length % 4 === 0 && /^\/9j\/[A-Za-z0-9+/]*={0,2}$/.test(data);
}

/** Largest width and height that fit `maxSide` while keeping the aspect ratio (never enlarges). */
export function fitWithin(width: number, height: number, maxSide: number = AVATAR.maxDimension) {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}
