import { z } from '../validation';
import type { CsvTable } from '../imports';

/**
 * Customers as a CSV file (from another booking system or a spreadsheet): name, e-mail, phone and
 * an optional address. Pure: the import service checks e-mails against the customers on file.
 * Duplicates are found by e-mail without regard to case, as the database's unique index does.
 */
export const customerColumns = ['name', 'email', 'phone', 'address_line1', 'address_line2', 'city', 'state', 'zip', 'notes'] as const;
export type CustomerColumn = (typeof customerColumns)[number];
export const requiredCustomerColumns: CustomerColumn[] = ['name', 'email', 'phone'];

const text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`);

export const importedCustomer = z
  .object({
    name: text(120).min(1, 'Enter a name'),
    email: z.email({ error: 'Enter an e-mail address like name@example.com' }).max(254, 'Use at most 254 characters'),
    phone: text(30).refine((p) => p.replace(/\D/g, '').length >= 7, 'Enter a phone number with at least 7 digits'),
    address_line1: text(200),
    address_line2: text(200),
    city: text(100),
    state: z.union([z.literal(''), z.string().regex(/^[A-Z]{2}$/, 'Enter the two-letter state, e.g. OH')]),
    zip: z.union([z.literal(''), z.string().regex(/^\d{5}$/, 'Enter a 5-digit ZIP code')]),
    notes: text(2000),
  })
  .superRefine((c, ctx) => {
    const given = [c.address_line1, c.city, c.state, c.zip].some(Boolean);
    if (!given) return;
    for (const [field, message] of [
      ['address_line1', 'Enter the street address (or leave the whole address empty)'],
      ['city', 'Enter the city (or leave the whole address empty)'],
      ['state', 'Enter the state (or leave the whole address empty)'],
      ['zip', 'Enter the ZIP code (or leave the whole address empty)'],
    ] as const) {
      if (!c[field]) ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type ImportedCustomer = z.infer<typeof importedCustomer>;

export interface CustomerRow {
  line: number;
  cells: Record<string, string>;
  errors: Record<string, string>;
  customer: ImportedCustomer | null;
}

/**
 * ZIP codes of the states whose codes start with 0 (New England, New Jersey) or 00 (Puerto Rico, the
 * Virgin Islands) lose those zeros when a spreadsheet has taken the column for numbers, as Excel does:
 * "02134" comes back "2134". Put back only where the state says the code starts so; "4321" in Ohio is
 * a typo, and stays an error.
 */
const ZERO_STATES = ['CT', 'MA', 'ME', 'NH', 'NJ', 'RI', 'VT'];
const DOUBLE_ZERO_STATES = ['PR', 'VI'];
function leadingZerosBack(zip: string, state: string): string {
  if (/^\d{4}$/.test(zip) && ZERO_STATES.includes(state)) return `0${zip}`;
  if (/^\d{3}$/.test(zip) && DOUBLE_ZERO_STATES.includes(state)) return `00${zip}`;
  return zip;
}

/** Every row with its errors; an e-mail twice in the file is an error on the second. */
export function parseCustomerTable(table: CsvTable): CustomerRow[] {
  const firstByEmail = new Map<string, number>();
  return table.rows.map(({ line, cells, problems }) => {
    const errors: Record<string, string> = { ...problems };
    const input = Object.fromEntries(customerColumns.map((c) => [c, cells[c] ?? '']));
    // "oh" and "43215-1234" are what people type; stored as OH and 43215.
    input.state = input.state!.toUpperCase();
    input.zip = leadingZerosBack(input.zip!.replace(/^(\d{5})-\d{4}$/, '$1'), input.state);
    const parsed = importedCustomer.safeParse(input);
    if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
    const email = (cells.email ?? '').toLowerCase();
    if (email) {
      const earlier = firstByEmail.get(email);
      if (earlier !== undefined) errors.email ??= `Same e-mail as row ${earlier}`;
      else firstByEmail.set(email, line);
    }
    const ok = parsed.success && Object.keys(errors).length === 0;
    return { line, cells, errors, customer: ok ? parsed.data : null };
  });
}
