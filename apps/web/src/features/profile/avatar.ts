import { AVATAR, fitWithin } from '@studycircle/shared';

/**
 * Turns a picked image into the stored avatar (docs/product.md §13.2): drawn on a canvas with its
 * longest side at most 400 px and encoded as a JPEG at quality 0.8, as a data URL. Rejects when
 * the browser cannot decode the file as an image.
 */
export async function resizeAvatar(file: Blob): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const { width, height } = fitWithin(
      image.naturalWidth,
      image.naturalHeight,
      AVATAR.maxDimension,
    );
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image, 0, 0, width, height);
    return canvas.toDataURL('image/jpeg', AVATAR.jpegQuality);
  } finally {
    URL.revokeObjectURL(url);
  }
}
