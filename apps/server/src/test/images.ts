import jpeg from 'jpeg-js';

/**
 * A real JPEG as the profile page makes one (a data URL at quality 80): a gradient of the given
 * size, so tests send pictures the server can decode.
 */
export function jpegDataUrl(width: number, height: number): string {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = x % 256;
      data[i + 1] = y % 256;
      data[i + 2] = (x + y) % 256;
      data[i + 3] = 255;
    }
  }
  const encoded = jpeg.encode({ data, width, height }, 80);
  return `data:image/jpeg;base64,${Buffer.from(encoded.data).toString('base64')}`;
}
