import { z } from '../validation';
import type { Audit } from '../auth/index.server';
import { auditedChange } from '../admin/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { readCsv } from '../imports';
import { storedPhone } from '../texts';
import { customerColumns, parseCustomerTable, requiredCustomerColumns, type CustomerRow } from './customers-csv';

/**
 * Customers import, with the catalog import's rules: the whole file is checked and previewed with an
 * error per row and cell, and written only when every row is valid, in one audited transaction. An
 * e-mail already on file is an error on its row (the import adds customers; it never overwrites one).
 */
export const customersImportBody = z.object({ csv: z.base64({ error: 'The CSV file could not be read; choose it again.' }).min(1, 'Choose the CSV file') });
export type CustomersImportBody = z.infer<typeof customersImportBody>;

export interface CustomersPreview {
  valid: boolean;
  rows: { line: number; name: string; email: string; phone: string; city: string; errors: Record<string, string> }[];
  counts: { customers: number; rowsWithErrors: number };
}

async function analyse(sql: Sql, body: CustomersImportBody): Promise<{ preview: CustomersPreview; rows: CustomerRow[] }> {
  const read = readCsv(new Uint8Array(Buffer.from(body.csv, 'base64')), { known: customerColumns, required: requiredCustomerColumns });
  if (!read.ok) throw fieldError('csv', read.message);
  const rows = parseCustomerTable(read.table);
  const emails = [...new Set(rows.map((r) => (r.cells.email ?? '').toLowerCase()).filter(Boolean))];
  const onFile = new Map(
    emails.length ? (await sql<{ email: string; name: string }[]>`select lower(email) as email, name from customers where lower(email) in ${sql(emails)}`).map((c) => [c.email, c.name]) : [],
  );
  for (const row of rows) {
    const owner = onFile.get((row.cells.email ?? '').toLowerCase());
    if (owner !== undefined) {
      row.errors.email ??= `Already a customer (${owner}). Remove this row; the customer is on file.`;
      row.customer = null;
    }
  }
  const rowsWithErrors = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return {
    rows,
    preview: {
      valid: rowsWithErrors === 0,
      rows: rows.map((r) => ({ line: r.line, name: r.cells.name ?? '', email: r.cells.email ?? '', phone: r.cells.phone ?? '', city: r.cells.city ?? '', errors: r.errors })),
      counts: { customers: rows.length - rowsWithErrors, rowsWithErrors },
    },
  };
}

export async function previewCustomersImport(sql: Sql, body: CustomersImportBody): Promise<CustomersPreview> {
  return (await analyse(sql, body)).preview;
}

export async function importCustomers(db: Database, body: CustomersImportBody, audit: Audit): Promise<{ imported: number }> {
  const { preview, rows } = await analyse(db, body);
  if (!preview.valid) {
    const fields: Record<string, string> = {};
    for (const row of preview.rows) for (const [column, message] of Object.entries(row.errors)) fields[`rows.${row.line}.${column}`] = message;
    const n = preview.counts.rowsWithErrors;
    throw new AppError('validation', `Nothing was imported: ${n} row${n === 1 ? ' has' : 's have'} errors. Preview the file to see them.`, fields);
  }
  const customers = rows.map(({ customer: c }) => ({
    name: c!.name,
    email: c!.email,
    phone: storedPhone(c!.phone),
    notes: c!.notes,
    address_line1: c!.address_line1,
    address_line2: c!.address_line2,
    address_city: c!.city,
    address_state: c!.state,
    address_zip: c!.zip,
  }));
  return auditedChange(db, audit, {
    change: async (tx) => {
      try {
        await tx`
          insert into customers (name, email, phone, notes, address_line1, address_line2, address_city, address_state, address_zip)
          select name, email, phone, notes, address_line1, address_line2, address_city, address_state, address_zip
          from jsonb_to_recordset(${tx.json(customers as never)}) as c(name text, email text, phone text, notes text,
            address_line1 text, address_line2 text, address_city text, address_state text, address_zip text)`;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new AppError('conflict', 'One of these e-mail addresses became a customer meanwhile. Preview the file again.');
        throw error;
      }
      return { imported: customers.length };
    },
    audit: () => ({ action: 'customers.import', entity: 'customer', entityId: null, before: null, after: { imported: customers.length, emails: customers.map((c) => c.email) } }),
  });
}
