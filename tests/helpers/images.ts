// Test images built in memory, so no binary fixtures are needed: a real PNG
// (solid colour, zlib-compressed, renders in a browser), a minimal JPEG header
// and a one-frame GIF, each with the width and height a test asks for.
import zlib from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A width x height RGB PNG of one colour. `totalBytes` pads it with a text
 * chunk to exactly that size (for the size limit), still a valid image.
 */
export function png(width: number, height: number, opts: { rgb?: [number, number, number]; totalBytes?: number } = {}): Buffer {
  const [r, g, b] = opts.rgb ?? [37, 99, 235];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const parts = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", zlib.deflateSync(raw))];
  const end = chunk("IEND", Buffer.alloc(0));
  const size = parts.reduce((n, p) => n + p.length, 0) + end.length;
  if (opts.totalBytes !== undefined) {
    const pad = opts.totalBytes - size - 12; // a chunk adds 12 bytes around its data
    if (pad < 8) throw new Error(`png: cannot pad ${size} bytes to ${opts.totalBytes}`);
    parts.push(chunk("tEXt", Buffer.concat([Buffer.from("Comment\0"), Buffer.alloc(pad - 8, 0x61)])));
  }
  return Buffer.concat([...parts, end]);
}

/**
 * Only a PNG's signature and IHDR chunk (with its correct CRC): 33 bytes that
 * declare width x height pixels and hold none of them.
 */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr)]);
}

/** A baseline JPEG header (SOI, JFIF, SOF0, EOI): enough for type and size detection, not for display. */
export function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A one-frame, one-colour GIF89a. */
export function gif(width: number, height: number): Buffer {
  const le = (n: number) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from("GIF89a"), ...le(width), ...le(height), 0x80, 0x00, 0x00, // screen, 2-colour table
    0x25, 0x63, 0xeb, 0xff, 0xff, 0xff, // colour table
    0x2c, 0, 0, 0, 0, ...le(width), ...le(height), 0x00, // image descriptor
    0x02, 0x02, 0x44, 0x01, 0x00, // LZW min code size 2, one sub-block, terminator
    0x3b, // trailer
  ]);
}
