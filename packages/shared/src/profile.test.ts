import { describe, expect, it } from 'vitest';
import { UpdateProfileInputSchema } from './auth.js';
import { AVATAR, PROFILE_MESSAGES, checkAvatarFile, fitWithin, isJpegDataUrl } from './profile.js';

describe('avatar file checks (docs/product.md §13.2, in order)', () => {
  it('refuses anything that is not an image first, whatever its size', () => {
    expect(checkAvatarFile({ type: 'application/pdf', size: 10 })).toBe(
      'Please select a valid image file',
    );
    expect(checkAvatarFile({ type: '', size: 20 * 1024 * 1024 })).toBe(
      PROFILE_MESSAGES.invalidImage,
    );
  });

  it('refuses an image of 10 MB or more and accepts one just under', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 10 * 1024 * 1024 })).toBe(
      'Image size should be less than 10MB',
    );
    expect(checkAvatarFile({ type: 'image/png', size: 10 * 1024 * 1024 - 1 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/webp', size: 1 })).toBeNull();
  });
});

describe('resizing to 400 px on the longest side', () => {
  it('scales landscape, portrait and square pictures and never enlarges', () => {
    expect(fitWithin(1600, 1200)).toEqual({ width: 400, height: 300 });
    expect(fitWithin(1000, 4000)).toEqual({ width: 100, height: 400 });
    expect(fitWithin(401, 401)).toEqual({ width: 400, height: 400 });
    expect(fitWithin(120, 80)).toEqual({ width: 120, height: 80 });
    expect(fitWithin(4000, 1)).toEqual({ width: 400, height: 1 });
    expect(AVATAR.jpegQuality).toBe(0.8);
  });
});

describe('stored avatar values', () => {
  const jpeg = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';

  it('accepts JPEG data URLs and refuses other types, bad base64 and oversized ones', () => {
    expect(isJpegDataUrl(jpeg)).toBe(true);
    expect(isJpegDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(false);
    expect(isJpegDataUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isJpegDataUrl('data:image/jpeg;base64,iVBORw0KGgo=')).toBe(false);
    expect(isJpegDataUrl('data:image/jpeg;base64,/9j/4AA<script>')).toBe(false);
    expect(isJpegDataUrl(`data:image/jpeg;base64,/9j/${'A'.repeat(AVATAR.maxDataUrlLength)}`)).toBe(
      false,
    );
  });

  it('lets the profile schema take a JPEG data URL or nothing, and nothing else', () => {
    for (const ok of [jpeg, '']) {
      expect(UpdateProfileInputSchema.safeParse({ profilePic: ok }).success).toBe(true);
    }
    for (const bad of [
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      'ftp://x/y',
      // A link would tell another host who looks at the profile, and could change after saving.
      'https://example.com/me.jpg',
      'http://example.com/me.jpg',
    ]) {
      expect(UpdateProfileInputSchema.safeParse({ profilePic: bad }).success).toBe(false);
    }
  });
});
