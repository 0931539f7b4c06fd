import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { findInZip, readPhotoZip, ZIP_MAX_FILES } from './photo-zip';

describe('readPhotoZip', () => {
  it('reads files, skipping folders, macOS forks and hidden files', () => {
    const zip = zipSync({ 'a.jpg': strToU8('A'), photos: { 'b.png': strToU8('B') }, '__MACOSX/._a.jpg': strToU8('x'), '.DS_Store': strToU8('x') });
    const result = readPhotoZip(zip);
    expect(result.ok && [...result.files.keys()].sort()).toEqual(['a.jpg', 'photos/b.png']);
  });

  it('refuses what is not a zip', () => {
    expect(readPhotoZip(strToU8('hello'))).toEqual({ ok: false, message: expect.stringMatching(/not a readable zip/) });
  });

  it('refuses a zip bomb before inflating it: a photo over 4 MB, too many files', () => {
    const bomb = zipSync({ 'zeros.jpg': new Uint8Array(5 * 1024 * 1024) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(50_000);
    expect(readPhotoZip(bomb)).toEqual({ ok: false, message: expect.stringMatching(/larger than 4 MB/) });
    const many = zipSync(Object.fromEntries(Array.from({ length: ZIP_MAX_FILES + 1 }, (_, i) => [`${i}.jpg`, strToU8('x')])));
    expect(readPhotoZip(many)).toEqual({ ok: false, message: expect.stringMatching(/more than 1000 files/) });
  });

  it('refuses a zip whose declared sizes lie (a file inflating past its declared size)', () => {
    const zip = zipSync({ 'a.jpg': new Uint8Array(100_000) });
    // Patch the central directory's uncompressed size (offset 24 of its record) down to 10 bytes.
    const view = new DataView(zip.buffer);
    for (let i = zip.length - 22; i >= 0; i--) {
      if (view.getUint32(i, true) === 0x02014b50) {
        view.setUint32(i + 24, 10, true);
        break;
      }
    }
    const result = readPhotoZip(zip);
    expect(result.ok ? result.files.get('a.jpg')!.byteLength : 10).toBeLessThanOrEqual(10);
  });
});

describe('findInZip', () => {
  const files = new Map([
    ['photos/Castle.JPG', strToU8('castle')],
    ['a/same.png', strToU8('1')],
    ['b/same.png', strToU8('2')],
  ]);
  it('finds by path or by a unique file name, whatever the case', () => {
    expect(findInZip(files, 'photos/castle.jpg')).toEqual(strToU8('castle'));
    expect(findInZip(files, 'castle.jpg')).toEqual(strToU8('castle'));
    expect(findInZip(files, 'same.png')).toBeNull();
    expect(findInZip(files, 'a/same.png')).toEqual(strToU8('1'));
    expect(findInZip(files, 'missing.jpg')).toBeNull();
  });
});
