import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../imports/csv-import';
import { customerColumns, parseCustomerTable, requiredCustomerColumns } from './customers-csv';

const parse = (text: string) => {
  const read = readCsv(new TextEncoder().encode(text), { known: customerColumns, required: requiredCustomerColumns });
  if (!read.ok) throw new Error(read.message);
  return parseCustomerTable(read.table);
};

describe('customer rows', () => {
  it('reads a customer, tidying the state and a ZIP+4', () => {
    const [row] = parse('name,email,phone,address_line1,city,state,zip\nAna Peña,ana@example.com,+1 (614) 555-0101,12 High St,Columbus,oh,43215-1234');
    expect(row!.errors).toEqual({});
    expect(row!.customer).toMatchObject({ name: 'Ana Peña', state: 'OH', zip: '43215', address_line2: '', notes: '' });
  });

  it.each([
    ['2134', 'MA', { zip: '02134' }],
    ['7030', 'nj', { zip: '07030' }],
    ['907', 'PR', { zip: '00907' }],
  ])('puts back the leading zeros a spreadsheet dropped from ZIP %s in %s', (zip, state, expected) => {
    const [row] = parse(`name,email,phone,address_line1,city,state,zip\nAna,ana@example.com,6175550101,1 Main St,Town,${state},${zip}`);
    expect(row!.errors).toEqual({});
    expect(row!.customer).toMatchObject(expected);
  });

  it('leaves a four-digit ZIP an error where no ZIP starts with 0', () => {
    const [row] = parse('name,email,phone,address_line1,city,state,zip\nAna,ana@example.com,6145550101,1 Main St,Columbus,OH,4321');
    expect(row!.errors.zip).toBe('Enter a 5-digit ZIP code');
  });

  it('names the cell of each error; an address is all or nothing; an e-mail twice is refused', () => {
    const rows = parse('name,email,phone,address_line1,city,state,zip\n,bad,12,,Columbus,,\nA,a@example.com,6145550100,,,,\nB,A@EXAMPLE.COM,6145550101,,,,');
    expect(rows[0]!.errors).toMatchObject({ name: 'Enter a name', email: expect.stringMatching(/e-mail/), phone: expect.stringMatching(/7 digits/) });
    expect(rows[1]!.errors).toEqual({});
    expect(rows[2]!.errors.email).toBe('Same e-mail as row 3');
    const [half] = parse('name,email,phone,address_line1,state\nA,a@example.com,6145550100,1 Main St,Ohio');
    expect(half!.errors).toMatchObject({ city: expect.any(String), state: expect.stringMatching(/two-letter/) });
  });
});

it('the sample file the README links to is valid', () => {
  const rows = parse(readFileSync('docs/customers-import-sample.csv', 'utf8'));
  expect(rows.map((r) => r.errors)).toEqual([{}, {}]);
});
