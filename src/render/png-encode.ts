/**
 * A drawing's pixels as a PNG file, compressed by Node's own zlib. resvg's `asPng` spends about half of a
 * voucher's CPU (23–31 ms of 45–55) on its encoder's adaptive filters and default compression; pngjs is
 * slower still (33 ms: its filters run in JavaScript). fairway's drawings are text and flat colour on white,
 * which zlib at level 3 over unfiltered rows packs as small (80 KB for a voucher, against resvg's 85 KB) in
 * 7–13 ms. Measured with `npm run bench -- --vouchers`; the file is checked against pngjs's decoder and
 * resvg's own encoder in test/render/png-encode.test.ts.
 *
 * The file (PNG, ISO/IEC 15948): the signature, IHDR (8-bit RGBA, no interlace), one IDAT with every row
 * behind filter byte 0 (None), IEND; each chunk's CRC-32 by `zlib.crc32`.
 */
import { crc32, deflate, deflateSync } from "node:zlib";

/** RGBA pixels, 4 bytes each, row after row, not premultiplied (opaque drawings: white background). */
export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes. */
  pixels: Uint8Array;
}

/** zlib's level: 3 packs fairway's drawings about as small as level 6, in a third of its time. */
export const PNG_DEFLATE_LEVEL = 3;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The rows, each behind its filter byte (0: None), as zlib is given them. */
function scanlines({ width, height, pixels }: RgbaImage): Buffer {
  const stride = width * 4;
  if (pixels.length !== stride * height)
    throw new RangeError(`${pixels.length} bytes of pixels for a ${width}×${height} RGBA image`);
  const source = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) source.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return rows;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

function file(image: RgbaImage, compressed: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type: RGBA
  // compression 0 (deflate), filter method 0, interlace 0 (none): already zero
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", compressed), chunk("IEND", Buffer.alloc(0))]);
}

/** `image` as a PNG file, compressed on this thread (the renderer's worker). */
export function encodePng(image: RgbaImage): Buffer {
  return file(image, deflateSync(scanlines(image), { level: PNG_DEFLATE_LEVEL }));
}

/** `encodePng` with the compression on libuv's thread pool: the calling thread only copies the rows. */
export async function encodePngOffThread(image: RgbaImage): Promise<Buffer> {
  const rows = scanlines(image);
  const compressed = await new Promise<Buffer>((resolve, reject) =>
    deflate(rows, { level: PNG_DEFLATE_LEVEL }, (error, result) => (error ? reject(error) : resolve(result))),
  );
  return file(image, compressed);
}
