/**
 * What the browser tests share: Debian's Chromium found on this machine (Playwright's own browser download is never
 * used), and a screenshot's pixels read with zlib alone.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** CHROMIUM_PATH, else the first Chromium or Chrome on PATH; throws with what to install when there is none. */
export function findChromium(): string {
  const candidates = [
    ...(process.env.CHROMIUM_PATH === undefined ? [] : [process.env.CHROMIUM_PATH]),
    ...(process.env.PATH ?? '').split(delimiter).flatMap((dir) => NAMES.map((name) => join(dir, name))),
  ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not this one
    }
  }
  throw new Error(
    'No Chromium found for the browser test. Install Debian\'s package: "apt-get update && apt-get install -y chromium" ' +
      '(as root), or set CHROMIUM_PATH to a Chromium or Chrome binary. Playwright\'s own browser download is not used.',
  );
}

/** A PNG's pixels (8-bit RGB or RGBA, not interlaced: what Chromium writes), decoded with zlib alone. */
export function decodePng(png: Buffer): { width: number; height: number; rgb: (x: number, y: number) => [number, number, number] } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('latin1');
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[12]]).toEqual([8, 0]);
      channels = body[9] === 6 ? 4 : body[9] === 2 ? 3 : 0;
      expect(channels).toBeGreaterThan(0);
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? out[y * stride + i - channels]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const c = i >= channels && y > 0 ? out[(y - 1) * stride + i - channels]! : 0;
      const paeth = () => {
        const p = a + b - c;
        const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      };
      const predictor = [0, a, b, (a + b) >> 1, paeth()][filter]!;
      out[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  return { width, height, rgb: (x, y) => [out[y * stride + x * channels]!, out[y * stride + x * channels + 1]!, out[y * stride + x * channels + 2]!] };
}
