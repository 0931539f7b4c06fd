import { describe, expect, it } from 'vitest';
import { csvColumns, csvField, csvFileName, csvRow, phoneCell, toCsv } from './csv';
import { centsToDecimal } from '../money';

describe('csvField', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvField('Pink Castle')).toBe('Pink Castle');
    expect(csvField(42)).toBe('42');
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Round Rock, TX')).toBe('"Round Rock, TX"');
    expect(csvField('The "Big" Slide')).toBe('"The ""Big"" Slide"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative amounts', () => {
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvField('+1 512 555 0100')).toBe("'+1 512 555 0100");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-cmd')).toBe("'-cmd");
    expect(csvField('-12.50')).toBe('-12.50');
  });
});

describe('phoneCell', () => {
  const sheet = (rows: { name: string; phone: string | null }[]) => toCsv(csvColumns<(typeof rows)[number]>({ Name: 'name', Phone: (r) => phoneCell(r.phone) }), rows);

  it.each([
    ['+15125550100', '(512) 555-0100'],
    ['+1 512 555 0100', '(512) 555-0100'],
    ['(512) 555-0100', '(512) 555-0100'],
    ['5125550100', '(512) 555-0100'],
    ['+442079460958', "'+442079460958"],
    ['+4930123456', "'+4930123456"],
    ['555-0100', '555-0100'],
    ['=HYPERLINK("http://evil.example","call")', `"'=HYPERLINK(""http://evil.example"",""call"")"`],
  ])('writes %s as %s: a US number readable and with no apostrophe, any other as stored and guarded', (stored, written) => {
    expect(csvField(phoneCell(stored))).toBe(written);
  });

  it('leaves the guard on every other cell of the row, and a missing phone empty', () => {
    expect(sheet([{ name: '=HYPERLINK("http://evil.example","x")', phone: '+15125550100' }, { name: 'Tom', phone: null }])).toBe(
      `\uFEFFName,Phone\r\n"'=HYPERLINK(""http://evil.example"",""x"")",(512) 555-0100\r\nTom,\r\n`,
    );
  });
});

describe('toCsv', () => {
  it('writes a BOM, a header row and CRLF-terminated rows, a column being a field by name or worked out', () => {
    const rows = [
      { name: 'Maria, "Mia" Delgado', cents: 12345 },
      { name: 'Tom', cents: -500 },
    ];
    const csv = toCsv(csvColumns<(typeof rows)[number]>({ Customer: 'name', 'Amount ($)': (r) => centsToDecimal(r.cents) }), rows);
    expect(csv).toBe('\uFEFFCustomer,Amount ($)\r\n"Maria, ""Mia"" Delgado",123.45\r\nTom,-5.00\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([{ header: 'A', value: () => 1 }], [])).toBe('\uFEFFA\r\n');
    expect(csvRow(['a', 1, null])).toBe('a,1,');
  });
});

describe('centsToDecimal and csvFileName', () => {
  it('formats cents exactly', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(100)).toBe('1.00');
    expect(centsToDecimal(-1999)).toBe('-19.99');
    expect(centsToDecimal(123456789)).toBe('1234567.89');
  });

  it('makes safe file names', () => {
    expect(csvFileName('Revenue by month', '2026-01-01', '2026-12-31')).toBe('revenue-by-month_2026-01-01_2026-12-31.csv');
    expect(csvFileName('a/../b"c')).toBe('a-b-c.csv');
  });
});
