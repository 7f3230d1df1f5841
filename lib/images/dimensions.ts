// Width and height of an uploaded image as its header declares them, and the
// largest image any upload accepts. A header is a few bytes: a 33-byte PNG may
// declare 100000x100000 pixels, which every later reader (a browser showing
// it, an exchange resizing it) would try to allocate. Shared by the image
// library (./validate.ts) and the creative upload (lib/creatives/media/check.ts).
import { imageSize } from "image-size";

/** Pixels a side: far above any ad or screen (8K is 7680), below what breaks decoders. */
export const MAX_IMAGE_SIDE_PX = 16_384;
/** Pixels in all (width x height): 100 megapixels. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** Width and height as displayed: EXIF orientations 5-8 turn the image a quarter. Null when unreadable. */
export function readImageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    // image-size reads through a DataView of the whole underlying buffer, past
    // the end of a view: give it an exact copy so a truncated file cannot
    // borrow bytes that happen to follow it in memory (Node pools small Buffers).
    const exact = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
    const size = imageSize(exact);
    if (!size.width || !size.height) return null;
    const turned = (size.orientation ?? 1) >= 5;
    return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

/** Why width x height is too large for any upload ("100000x100000 pixels is more than ..."), or null. */
export function oversizeImageText(width: number, height: number): string | null {
  if (width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX) {
    return `${width}x${height} pixels is more than ${MAX_IMAGE_SIDE_PX.toLocaleString("en-US")} pixels a side`;
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    return `${width}x${height} pixels is more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
  }
  return null;
}
