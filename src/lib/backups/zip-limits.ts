/**
 * What one zip can hold as fflate writes it: no ZIP64, so at most 65,535 entries, and every size and
 * offset within 4 GB. Past either, the archive it writes is damaged without a word (the sizes wrap
 * around), so an archive that would pass them is refused before it is written.
 */
export const ZIP_MAX_ENTRIES = 65_535;
export const ZIP_MAX_BYTES = 0xffff_ffff;
/** Room for each entry's headers and its name twice (local and central), generous. */
const PER_ENTRY = 1_024;

/** Why the entries cannot be one zip, in words that say how much, or null when they can. */
export function zipLimitProblem(entries: number, bytes: number): string | null {
  if (entries <= ZIP_MAX_ENTRIES && bytes + entries * PER_ENTRY <= ZIP_MAX_BYTES) return null;
  const gigabytes = (bytes / 1024 ** 3).toFixed(1);
  return `It would hold ${entries.toLocaleString('en-US')} files and ${gigabytes} GB, more than one zip file can (${ZIP_MAX_ENTRIES.toLocaleString('en-US')} files and 4 GB)`;
}
