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

/**
 * A phone number as customers' records and bookings' contacts store it: one shape however it came in
 * (the checkout, the phone desk, a change, an import), so the admin's lists, exports and the customer's
 * e-mails read alike. A US number (ten digits, or eleven starting with 1) is written as most
 * customers type it at checkout, "(512) 555-0199"; one typed with + and its country code is kept in
 * E.164, "+442079460958"; anything else is kept as typed, its spaces tidied. Texts still go to
 * toE164's form of it, which all three give back unchanged. Migrations
 * 20261206182000_stored_phone_format.sql (customers, bookings) and
 * 20261206211000_stored_phone_format_requests.sql (quote requests, cake orders) write the rows stored
 * before in the same shapes.
 */
export function storedPhone(phone: string): string {
  const typed = phone.trim().replace(/\s+/g, ' ');
  if (/[a-z]/i.test(typed)) return typed;
  const digits = typed.replace(/\D/g, '');
  const us = /^1?(\d{3})(\d{3})(\d{4})$/.exec(digits);
  if (us && (digits.length === 11 || !typed.startsWith('+'))) return `(${us[1]}) ${us[2]}-${us[3]}`;
  if (typed.startsWith('+') && /^[1-9]\d{7,14}$/.test(digits)) return `+${digits}`;
  return typed;
}
