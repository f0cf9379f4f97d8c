import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { IMAGE_MAX_PIXELS, IMAGE_STORED_MAX_SIDE } from '@tt/domain';
import { fail } from '../../platform/errors.ts';

/**
 * Turns an uploaded picture into the one the app stores and serves: decoded (JPEG or PNG only, the type
 * told by the bytes, never by the name or the header), flattened onto white, scaled down to at most
 * IMAGE_STORED_MAX_SIDE a side and encoded afresh as JPEG. Nothing of the upload survives but its
 * pixels: no EXIF (location, camera), no comments, no trailing bytes, no polyglot.
 *
 * A decompression bomb (a small file claiming a huge picture) is refused from its header, before any
 * pixel is decoded; jpeg-js's own resolution and memory limits stand behind that.
 */
export interface ReencodedImage {
  data: Buffer;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const megapixels = Math.floor(IMAGE_MAX_PIXELS / 1_000_000);
const tooManyPixels = () => fail('community.image_too_many_pixels', { max_megapixels: megapixels });

type Kind = 'jpeg' | 'png';

function kindOf(bytes: Buffer): Kind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  return null;
}

/** The size a JPEG's frame header (SOFn) declares, or null when there is none before the data. */
export function jpegDimensions(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (marker === 0xda) return null;
    at += 2 + length;
  }
  return null;
}

/** The size a PNG's IHDR declares (it must be the first chunk). */
export function pngDimensions(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function decode(kind: Kind, bytes: Buffer): { width: number; height: number; rgba: Uint8Array } {
  const declared = kind === 'jpeg' ? jpegDimensions(bytes) : pngDimensions(bytes);
  if (!declared || declared.width < 1 || declared.height < 1) throw fail('community.image_unreadable');
  if (declared.width * declared.height > IMAGE_MAX_PIXELS) throw tooManyPixels();
  try {
    if (kind === 'jpeg') {
      const image = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: megapixels,
        maxMemoryUsageInMB: 256,
      });
      return { width: image.width, height: image.height, rgba: image.data };
    }
    const image = PNG.sync.read(bytes);
    return { width: image.width, height: image.height, rgba: image.data };
  } catch (error) {
    if (error instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(error.message)) {
      throw tooManyPixels();
    }
    throw fail('community.image_unreadable');
  }
}

/**
 * Area-averaged down-scaling onto a white background (a transparent PNG becomes white where it was
 * clear): every source pixel counts once, so the result is smooth without a resampling library.
 */
export function scaleOntoWhite(
  source: { width: number; height: number; rgba: Uint8Array },
  maxSide: number,
): { width: number; height: number; rgba: Uint8Array } {
  const scale = Math.min(1, maxSide / Math.max(source.width, source.height));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const sums = new Float64Array(width * height * 3);
  const counts = new Float64Array(width * height);
  const { rgba } = source;
  for (let y = 0; y < source.height; y += 1) {
    const row = Math.min(height - 1, Math.floor((y * height) / source.height)) * width;
    for (let x = 0; x < source.width; x += 1) {
      const cell = row + Math.min(width - 1, Math.floor((x * width) / source.width));
      const at = (y * source.width + x) * 4;
      const alpha = rgba[at + 3]! / 255;
      const white = 255 * (1 - alpha);
      sums[cell * 3] = sums[cell * 3]! + rgba[at]! * alpha + white;
      sums[cell * 3 + 1] = sums[cell * 3 + 1]! + rgba[at + 1]! * alpha + white;
      sums[cell * 3 + 2] = sums[cell * 3 + 2]! + rgba[at + 2]! * alpha + white;
      counts[cell] = counts[cell]! + 1;
    }
  }
  const out = new Uint8Array(width * height * 4);
  for (let cell = 0; cell < width * height; cell += 1) {
    const n = counts[cell] || 1;
    out[cell * 4] = Math.round(sums[cell * 3]! / n);
    out[cell * 4 + 1] = Math.round(sums[cell * 3 + 1]! / n);
    out[cell * 4 + 2] = Math.round(sums[cell * 3 + 2]! / n);
    out[cell * 4 + 3] = 255;
  }
  return { width, height, rgba: out };
}

export function reencodeImage(bytes: Buffer, maxSide: number = IMAGE_STORED_MAX_SIDE): ReencodedImage {
  const kind = kindOf(bytes);
  if (!kind) throw fail('community.image_type');
  const scaled = scaleOntoWhite(decode(kind, bytes), maxSide);
  const encoded = jpeg.encode({ width: scaled.width, height: scaled.height, data: scaled.rgba }, 82);
  return { data: Buffer.from(encoded.data), width: scaled.width, height: scaled.height };
}
