/** The form kit's value helpers: submission ids, number inputs, today's date for date inputs. */

/** A v4 UUID for the submission id, also where crypto.randomUUID is missing (plain http on a LAN). */
export function newSubmissionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** '' from an empty number input means "not given"; anything else is a number (NaN fails validation with the field's message). */
export const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);
export const requiredNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? Number.NaN : Number(value);
