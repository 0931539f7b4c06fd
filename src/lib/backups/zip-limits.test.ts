import { describe, expect, it } from 'vitest';
import { ZIP_MAX_ENTRIES, zipLimitProblem } from './zip-limits';

describe('what one zip can hold (no ZIP64)', () => {
  it('takes what fits', () => {
    expect(zipLimitProblem(12, 3 * 1024 ** 3)).toBeNull();
    expect(zipLimitProblem(ZIP_MAX_ENTRIES, 1024)).toBeNull();
  });

  it.each([
    [ZIP_MAX_ENTRIES + 1, 1024, 'It would hold 65,536 files and 0.0 GB, more than one zip file can (65,535 files and 4 GB)'],
    [40, 4.5 * 1024 ** 3, 'It would hold 40 files and 4.5 GB, more than one zip file can (65,535 files and 4 GB)'],
    // The headers count too: just under 4 GB of files, in many entries, is over.
    [60_000, 0xffff_ffff - 1_000_000, 'It would hold 60,000 files and 4.0 GB, more than one zip file can (65,535 files and 4 GB)'],
  ])('refuses %i entries of %i bytes, saying how much', (entries, bytes, said) => {
    expect(zipLimitProblem(entries, bytes)).toBe(said);
  });
});
