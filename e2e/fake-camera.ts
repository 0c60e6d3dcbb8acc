import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The browser tests' camera: a small Y4M clip that Chromium's fake capture device plays in a loop
 * (`--use-file-for-fake-video-capture`). Without a file the fake device paints 1280x720 at 30
 * frames a second (the size the app asks for), and every browser in a call encodes that once per
 * peer and decodes every peer's: on two cores a three-person call spent most of the machine on
 * video codecs, and the suite read a starved machine instead of the app. At 320x180 and 15 frames
 * a second there are 32 times fewer pixels to code; a tile still gets real, moving frames from a
 * real encoder and decoder, which is what the tests check.
 */
export const FAKE_CAMERA = { width: 320, height: 180, fps: 15, frames: 30 } as const;

/** Writes the clip once per machine (it is the same bytes every time) and returns its path. */
export function fakeCameraFile(): string {
  const { width, height, fps } = FAKE_CAMERA;
  const dir = join(tmpdir(), 'studycircle-e2e');
  const file = join(dir, `fake-camera-${width}x${height}-${fps}fps-v1.y4m`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  // Written beside and renamed: two Playwright processes loading the config at once never see
  // half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, y4mClip());
  renameSync(partial, file);
  return file;
}

/**
 * A band of light sweeping across a dark gradient, in 4:2:0 YUV: every frame differs from the
 * last (a still picture would still be sent, but a moving one is what a camera gives).
 */
function y4mClip(): Buffer {
  const { width, height, fps, frames } = FAKE_CAMERA;
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const lumaSize = width * height;
  const chromaSize = (width / 2) * (height / 2);
  const frameHeader = Buffer.from('FRAME\n');
  const parts: Buffer[] = [header];
  const band = width / 6;
  for (let f = 0; f < frames; f += 1) {
    const centre = (f / frames) * (width + band) - band / 2;
    const luma = Buffer.alloc(lumaSize);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const lit = Math.abs(x - centre) < band / 2;
        luma[y * width + x] = lit ? 220 : 40 + Math.round((y / height) * 80);
      }
    }
    // Blue-violet chroma, in keeping with the app's colours; constant, so only luma moves.
    const u = Buffer.alloc(chromaSize, 150);
    const v = Buffer.alloc(chromaSize, 140);
    parts.push(frameHeader, luma, u, v);
  }
  return Buffer.concat(parts);
}
