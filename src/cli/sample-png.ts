import { crc32, deflateSync } from 'node:zlib';

/**
 * A PNG file from its header fields and its rows' bytes (each row led by its filter byte): the one
 * encoder of the sample images the bench and the tests send.
 */
export function encodePng(
  { width, height, bitDepth, colourType }: { width: number; height: number; bitDepth: number; colourType: number },
  rows: Buffer,
  level?: number,
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, level === undefined ? {} : { level })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG (a dark stroke on a transparent background), like the one the signature pad sends. */
export function signaturePng(width = 120, height = 40): string {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) {
      const onStroke = Math.abs(y - (height / 2 + Math.sin(x / 8) * (height / 4))) < 2;
      if (onStroke) row.set([20, 20, 40, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  // 8-bit RGBA.
  const png = encodePng({ width, height, bitDepth: 8, colourType: 6 }, Buffer.concat(rows));
  return `data:image/png;base64,${png.toString('base64')}`;
}
