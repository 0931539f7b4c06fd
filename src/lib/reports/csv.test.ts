import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, csvRow, toCsv } from './csv';
import { centsToDecimal } from '../money';

describe('csvField', () => {
  it.each([
    // Plain text and numbers stay as they are; nothing is an empty field.
    ['Pink Castle', 'Pink Castle'],
    [42, '42'],
    [-12.5, '-12.5'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
    // Commas, quotes and line breaks are quoted, quotes doubled.
    ['Round Rock, TX', '"Round Rock, TX"'],
    ['The "Big" Slide', '"The ""Big"" Slide"'],
    ['line one\nline two', '"line one\nline two"'],
    ['a\r\nb', '"a\r\nb"'],
    // Text a spreadsheet would run as a formula is defused, but not negative amounts.
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+1 512 555 0100', "'+1 512 555 0100"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-cmd', "'-cmd"],
    ['-12.50', '-12.50'],
  ])('writes %j as %s', (value, field) => {
    expect(csvField(value)).toBe(field);
  });
});

describe('toCsv', () => {
  it('writes a BOM, a header row and CRLF-terminated rows', () => {
    const rows = [
      { name: 'Maria, "Mia" Delgado', cents: 12345 },
      { name: 'Tom', cents: -500 },
    ];
    const csv = toCsv(
      [
        { header: 'Customer', value: (r) => r.name },
        { header: 'Amount ($)', value: (r) => centsToDecimal(r.cents) },
      ],
      rows,
    );
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
