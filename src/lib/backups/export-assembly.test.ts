import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { assembleExport, type ExportPlan } from './export-assembly';

const sheets = Buffer.from(zipSync({ 'bookings.csv': strToU8('Booking\r\nB-1\r\n') })).toString('base64');
const plan = (count: number): ExportPlan => ({
  fileName: 'everything-2026-12-07.zip',
  sheets,
  files: Array.from({ length: count }, (_, i) => ({ entry: `waivers/B-1/${i}.pdf`, path: `waivers/${i}.pdf` })),
});

describe('putting Export everything together', () => {
  it('zips the spreadsheets with every file found, fetching a few at a time and saying how far it is', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: [number, number][] = [];
    const zip = await assembleExport(
      plan(10),
      async (file) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        return strToU8(`pdf of ${file.path}`);
      },
      (done, of) => seen.push([done, of]),
    );
    const files = unzipSync(zip);
    expect(strFromU8(files['bookings.csv']!)).toBe('Booking\r\nB-1\r\n');
    expect(strFromU8(files['waivers/B-1/7.pdf']!)).toBe('pdf of waivers/7.pdf');
    expect(Object.keys(files)).toHaveLength(11);
    expect(most).toBe(4);
    expect(seen.at(-1)).toEqual([10, 10]);
  });

  it('leaves out a file storage no longer has, as the spreadsheets name it', async () => {
    const files = unzipSync(await assembleExport(plan(3), async (file) => (file.path === 'waivers/1.pdf' ? null : strToU8('pdf'))));
    expect(Object.keys(files).sort()).toEqual(['bookings.csv', 'waivers/B-1/0.pdf', 'waivers/B-1/2.pdf']);
  });

  it('stops on any other failure: no zip with files silently missing', async () => {
    await expect(assembleExport(plan(3), async (file) => {
      if (file.path === 'waivers/2.pdf') throw new Error('waivers/B-1/2.pdf: We couldn’t reach our booking system.');
      return strToU8('pdf');
    })).rejects.toThrow('waivers/B-1/2.pdf: We couldn’t reach our booking system.');
  });

  it('gives the spreadsheets alone when they name no file', async () => {
    expect(Object.keys(unzipSync(await assembleExport(plan(0), async () => strToU8('never asked'))))).toEqual(['bookings.csv']);
  });

  it('refuses what one zip file cannot hold instead of writing a damaged one', async () => {
    await expect(assembleExport(plan(65_535), async () => strToU8('x'))).rejects.toThrow(
      'The export is too large for one zip file. It would hold 65,536 files and 0.0 GB, more than one zip file can (65,535 files and 4 GB).',
    );
  });
});
