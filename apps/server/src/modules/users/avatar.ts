import jpeg from 'jpeg-js';
import { AVATAR } from '@studycircle/shared';
import { AppError } from '../../lib/app-error.js';

/**
 * The server's check of an avatar beyond its shape (the shared schema accepts only a base64 JPEG
 * data URL of bounded length): the picture must decode, whole, as a JPEG no larger than the
 * 400 px the profile page resizes to (docs/product.md, Avatar). A string that only starts like a
 * JPEG, or a picture the page could not have made, is refused. Decoding is pure JavaScript
 * (jpeg-js): 30-50 ms for a 400 x 400 picture, paid on the rare avatar change only, and the
 * resolution limit below refuses a bigger frame from its header, before any pixel is decoded.
 */

const PREFIX = 'data:image/jpeg;base64,';

export const AVATAR_MESSAGES = {
  notJpeg: 'Profile picture must be a JPEG image',
  tooLarge: `Profile picture must be at most ${AVATAR.maxDimension} pixels on its longest side`,
} as const;

/** Throws a 400 unless `dataUrl` is a JPEG that decodes completely, within the avatar's size. */
export function assertDecodableAvatar(dataUrl: string): void {
  if (!dataUrl.startsWith(PREFIX)) throw AppError.badRequest(AVATAR_MESSAGES.notJpeg);
  const bytes = Buffer.from(dataUrl.slice(PREFIX.length), 'base64');
  let size: { width: number; height: number };
  try {
    size = jpeg.decode(bytes, {
      useTArray: true,
      // The largest avatar the page makes is 400 x 400: 0.16 megapixels, about 0.7 MB decoded.
      maxResolutionInMP: (AVATAR.maxDimension * AVATAR.maxDimension) / 1_000_000,
      maxMemoryUsageInMB: 16,
    });
  } catch (err) {
    // jpeg-js says "maxResolutionInMP limit exceeded" for a frame above the limit.
    if (err instanceof Error && /maxResolutionInMP/.test(err.message)) {
      throw AppError.badRequest(AVATAR_MESSAGES.tooLarge);
    }
    throw AppError.badRequest(AVATAR_MESSAGES.notJpeg);
  }
  if (Math.max(size.width, size.height) > AVATAR.maxDimension) {
    throw AppError.badRequest(AVATAR_MESSAGES.tooLarge);
  }
}
