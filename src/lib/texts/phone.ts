/**
 * A phone number as text providers take it: E.164 (+15125550100). Customers type US numbers in any
 * shape ("(512) 555-0100", "512.555.0100", "+1 512 555 0100"); ten digits are a US number, eleven
 * starting with 1 too, and a number typed with + and its country code is kept as typed. Anything else
 * cannot be texted: null.
 */
export function toE164(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1') && /^[2-9]/.test(digits.slice(1))) return `+${digits}`;
  return null;
}

/** Whether a value is an E.164 number (what the database stores). */
export const isE164 = (value: string) => /^\+[1-9]\d{7,14}$/.test(value);
