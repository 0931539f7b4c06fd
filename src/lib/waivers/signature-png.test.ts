import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkSignatureDataUrl, checkSignaturePngHeader } from './signature-png';

/** A PNG with the given header fields and an IDAT of `idat` bytes of zeros. */
function png(width: number, height: number, { depth = 8, colour = 6, idat = 0, badCrc = false } = {}): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE((crc32(body) ^ (badCrc ? 1 : 0)) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([depth, colour, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(idat))), chunk('IEND', Buffer.alloc(0))]);
}
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

describe('signature PNG header', () => {
  it('accepts a signature pad’s size, up to 2000 × 800', () => {
    expect(checkSignaturePngHeader(png(700, 176))).toEqual({ ok: true, width: 700, height: 176 });
    expect(checkSignatureDataUrl(dataUrl(png(2000, 800)))).toEqual({ ok: true, width: 2000, height: 800 });
  });

  it('refuses a larger image from its header alone: a 1-bit 5000 × 5000 PNG of about 3 KB', () => {
    // The pixel data of a 1-bit image compresses to almost nothing; its decoded size does not.
    const bomb = png(5000, 5000, { depth: 1, colour: 0, idat: 5000 * (1 + 5000 / 8) });
    expect(bomb.length).toBeLessThan(4000);
    expect(checkSignatureDataUrl(dataUrl(bomb))).toEqual({ ok: false, reason: 'too-large' });
    expect(checkSignaturePngHeader(png(2001, 100))).toEqual({ ok: false, reason: 'too-large' });
    expect(checkSignaturePngHeader(png(100, 801))).toEqual({ ok: false, reason: 'too-large' });
  });

  it('refuses a malformed header: not a PNG, cut short, a wrong CRC, impossible fields', () => {
    expect(checkSignaturePngHeader(Buffer.from('GIF89a'.padEnd(40, ' ')))).toEqual({ ok: false, reason: 'malformed' });
    expect(checkSignaturePngHeader(png(100, 40).subarray(0, 30))).toEqual({ ok: false, reason: 'malformed' });
    expect(checkSignaturePngHeader(png(100, 40, { badCrc: true }))).toEqual({ ok: false, reason: 'malformed' });
    expect(checkSignaturePngHeader(png(0, 40))).toEqual({ ok: false, reason: 'malformed' });
    expect(checkSignaturePngHeader(png(100, 40, { depth: 3 }))).toEqual({ ok: false, reason: 'malformed' });
    expect(checkSignatureDataUrl('data:image/png;base64,!!!!')).toEqual({ ok: false, reason: 'malformed' });
  });
});
