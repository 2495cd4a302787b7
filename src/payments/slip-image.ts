/**
 * A slip image before anything is decoded: its format and size, read from the header (JPEG's frame
 * header, PNG's IHDR), and the limits within which fairway reads a slip's QR. An image over them is
 * never decoded: decoding costs memory and time in proportion to its pixels, whatever the file's size.
 */

/** What fairway reads a slip's QR from: JPEG (every photo, as Telegram re-encodes it) and PNG (screenshots sent as files). */
export interface ImageHeader {
  format: "jpeg" | "png";
  width: number;
  height: number;
}

/** How large a slip image may be for fairway to read its QR. */
export interface SlipLimits {
  /**
   * The file's bytes. Default 10 MB: a Telegram photo is under 2 MB, a phone's screenshot as PNG under 5 MB,
   * a 12-megapixel camera JPEG 3–8 MB (Telegram serves bots files up to 20 MB).
   */
  maxBytes: number;
  /**
   * Pixels, from the header. Default 4096 × 3072 (12.6 MP): Telegram's largest photo (2560 px a side,
   * 6.6 MP) and a phone camera's 12-megapixel original sent as a file (4032 × 3024, 4080 × 3072) pass; a
   * 48-megapixel original does not. jpeg-js takes up to 22 bytes a pixel while decoding (a 4:4:4 JPEG: 280 MB
   * at the cap; 15 bytes for the usual 4:2:0).
   */
  maxPixels: number;
}

export const SLIP_LIMITS: SlipLimits = { maxBytes: 10 * 1024 * 1024, maxPixels: 4096 * 3072 };

/** Whether a slip image may be decoded: its header, or why not. */
export type SlipImageCheck =
  | { kind: "ok"; header: ImageHeader }
  | { kind: "too-large"; bytes: number; header?: ImageHeader }
  | { kind: "unsupported" };

/** Checks `bytes` against `limits` from its header alone (no decoding). */
export function checkSlipImage(bytes: Uint8Array, limits: SlipLimits): SlipImageCheck {
  const header = imageHeader(bytes);
  if (bytes.length > limits.maxBytes) return { kind: "too-large", bytes: bytes.length, ...(header ? { header } : {}) };
  if (!header) return { kind: "unsupported" };
  if (header.width * header.height > limits.maxPixels) return { kind: "too-large", bytes: bytes.length, header };
  return { kind: "ok", header };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The format and size of a JPEG or PNG, from its header; undefined for anything else (WebP, HEIC, GIF,
 * a truncated or malformed header, a zero size).
 */
export function imageHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return pngHeader(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegHeader(bytes);
  return undefined;
}

/** IHDR is the first chunk: its length (13), its type, then width and height (big-endian). */
function pngHeader(bytes: Uint8Array): ImageHeader | undefined {
  if (bytes.length < 24) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return undefined;
  return sized("png", view.getUint32(16), view.getUint32(20));
}

/** Start-of-frame markers (SOF0–SOF15 but DHT, JPG and DAC): their segment gives the frame's size. */
const isFrameMarker = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * Walks the segments up to the first scan (SOS): every frame header among them counts, and the largest
 * wins, so a second frame cannot hide a larger size from this check. Segments inside others (an EXIF
 * thumbnail in APP1) are skipped with their parent.
 */
function jpegHeader(bytes: Uint8Array): ImageHeader | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let largest: ImageHeader | undefined;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a length
      continue;
    }
    const length = view.getUint16(at + 2);
    if (length < 2) return undefined;
    if (isFrameMarker(marker)) {
      if (at + 9 > bytes.length) return undefined;
      const frame = sized("jpeg", view.getUint16(at + 7), view.getUint16(at + 5));
      if (!frame) return undefined;
      if (!largest || frame.width * frame.height > largest.width * largest.height) largest = frame;
    }
    at += 2 + length;
  }
  return largest;
}

function sized(format: ImageHeader["format"], width: number, height: number): ImageHeader | undefined {
  return width > 0 && height > 0 ? { format, width, height } : undefined;
}
