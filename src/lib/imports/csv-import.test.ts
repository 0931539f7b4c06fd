import { describe, expect, it } from 'vitest';
import { CSV_MAX_ROWS, formulaProblem, parseDecimal, parseDollars, parseYesNo, readCsv } from './csv-import';

const columns = { known: ['name', 'price', 'notes'], required: ['name'] };
const bytes = (text: string) => new TextEncoder().encode(text);
const read = (text: string | Uint8Array) => readCsv(typeof text === 'string' ? bytes(text) : text, columns);

describe('readCsv', () => {
  it('reads quoted cells, CRLF, a BOM, columns in any order and case, and skips blank lines', () => {
    const result = read('\uFEFFPrice,Name\r\n"1,200.50","Castle, ""Big"""\r\n\r\n99,Slide\r\n');
    expect(result).toEqual({
      ok: true,
      table: {
        header: ['price', 'name'],
        rows: [
          { line: 2, cells: { price: '1,200.50', name: 'Castle, "Big"' }, problems: {} },
          { line: 4, cells: { price: '99', name: 'Slide' }, problems: {} },
        ],
        decimalComma: false,
      },
    });
  });

  it('numbers rows as the spreadsheet shows them: blank rows count, a cell with line breaks is one row', () => {
    // Rows 3–4 blank (rows deleted in Excel leave them, sometimes as bare commas), row 5 the one to fix.
    const lines = (text: string) => {
      const result = read(text);
      return result.ok ? result.table.rows.map((r) => [r.line, r.cells.name]) : result.message;
    };
    expect(lines('name,price\nGood,100\n\n,\nBad,12.999\n')).toEqual([
      [2, 'Good'],
      [5, 'Bad'],
    ]);
    expect(lines('\n\nname,price\nGood,100\n')).toEqual([[4, 'Good']]);
    expect(lines('name,notes\nGood,"two\nlines"\n\nNext,x\n')).toEqual([
      [2, 'Good'],
      [4, 'Next'],
    ]);
    // The file-level messages name the same rows.
    expect(lines('name,price\nGood,100\n\n\nC,2,extra\n')).toMatch(/^Row 5 has 3 cells/);
    expect(lines('name,price\nGood,100\n\n\nC,"2\n')).toMatch(/not closed \(row 5\)/);
  });

  it('reads accented letters written decomposed as the single letters staff type', () => {
    const result = read('name,notes\nAna Pen\u0303a,Jose\u0301\n');
    expect(result.ok && result.table.rows[0]!.cells).toEqual({ name: 'Ana Peña', notes: 'José' });
  });

  it('skips the nameless, empty columns Excel saves after a column was cleared, and refuses a nameless one with values', () => {
    const result = read('name,,price,,\r\nCastle,,100,,\r\nSlide,, 90,,\r\n');
    expect(result.ok && result.table).toEqual({
      header: ['name', 'price'],
      rows: [
        { line: 2, cells: { name: 'Castle', price: '100' }, problems: {} },
        { line: 3, cells: { name: 'Slide', price: '90' }, problems: {} },
      ],
      decimalComma: false,
    });
    expect(read('name,price,\nCastle,100,\nSlide,90,oops\n')).toMatchObject({ ok: false, message: 'Column 3 has values but no name in the header row. Name it, or delete the column.' });
  });

  it('reads a file Excel saved with semicolons (a language with decimal commas), and says its amounts have decimal commas', () => {
    const result = read('\uFEFFName;Price;Notes\r\n"Castillo; grande";1.200,50;Peña, José\r\n;;\r\n');
    expect(result).toEqual({
      ok: true,
      table: { header: ['name', 'price', 'notes'], rows: [{ line: 2, cells: { name: 'Castillo; grande', price: '1.200,50', notes: 'Peña, José' }, problems: {} }], decimalComma: true },
    });
  });

  it('refuses a file that is not UTF-8 (e.g. saved as Windows-1252)', () => {
    const latin1 = new Uint8Array([...bytes('name\n'), 0x50, 0x65, 0xf1, 0x61]);
    expect(read(latin1)).toEqual({ ok: false, message: expect.stringMatching(/not UTF-8/) });
    const utf16 = new Uint8Array([0xff, 0xfe, 0x6e, 0x00, 0x61, 0x00]);
    expect(read(utf16).ok).toBe(false);
  });

  it('refuses malformed files with one message', () => {
    expect(read('')).toMatchObject({ ok: false, message: 'The file is empty.' });
    expect(read('name\n"unclosed')).toMatchObject({ ok: false, message: expect.stringMatching(/quoted cell is not closed/) });
    // Tab-delimited text: said so, not "Unknown column".
    expect(read('name\tprice\nA\t1.50\n')).toMatchObject({ ok: false, message: expect.stringMatching(/^The columns are separated by tabs, not commas\./) });
    expect(read('name,colour\nA,red')).toMatchObject({ ok: false, message: expect.stringMatching(/Unknown column: “colour”/) });
    expect(read('price\n12')).toMatchObject({ ok: false, message: 'Missing column: name.' });
    expect(read('name,name\nA,B')).toMatchObject({ ok: false, message: expect.stringMatching(/appears twice/) });
    expect(read('name\n')).toMatchObject({ ok: false, message: expect.stringMatching(/no rows/) });
    expect(read('name,price\nA,1,extra')).toMatchObject({ ok: false, message: expect.stringMatching(/Row 2 has 3 cells.*a comma outside quotes/) });
    expect(read('name;price\nA;1;extra')).toMatchObject({ ok: false, message: expect.stringMatching(/Row 2 has 3 cells.*a semicolon outside quotes/) });
    expect(read('name\nA\u0000B')).toMatchObject({ ok: false, message: expect.stringMatching(/NUL/) });
    expect(read(`name\n${'A\n'.repeat(CSV_MAX_ROWS + 1)}`)).toMatchObject({ ok: false, message: expect.stringMatching(/at most 2000/) });
  });

  it('marks a formula in a cell, and takes back the apostrophe our own export puts before one', () => {
    const result = read(`name,notes\n=HYPERLINK("x"),ok\n'=1+2,-fine\nA,'@home`);
    expect(result.ok && result.table.rows.map((r) => [r.cells, r.problems])).toEqual([
      [{ name: '=HYPERLINK("x")', notes: 'ok' }, { name: expect.stringMatching(/formula/) }],
      [{ name: '=1+2', notes: '-fine' }, { notes: expect.stringMatching(/formula/) }],
      [{ name: 'A', notes: '@home' }, {}],
    ]);
  });
});

describe('formulaProblem', () => {
  it.each(['=1+1', '+SUM(A1)', '-2+3;cmd', '@SUM(A1)', '\t=1', '-x'])('refuses %j', (cell) => expect(formulaProblem(cell)).toMatch(/formula/));
  it.each(['-12.50', '+1 (614) 555-0100', 'Castle', '', '5-7 kids', 'a=b'])('lets %j through', (cell) => expect(formulaProblem(cell)).toBeNull());
});

describe('cell parsers', () => {
  it('reads dollars into cents', () => {
    expect(['185', '185.5', '$1,250.05', '0.99', '', '$ 1,200.00'].map((cell) => parseDollars(cell))).toEqual([18500, 18550, 125005, 99, null, 120000]);
    expect(['12.345', '1,25', '-5', 'ten', '$'].map((cell) => parseDollars(cell))).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'invalid']);
  });
  it.each([
    ['1.200,50', 120050],
    ['$ 1.200,50', 120050],
    ['175,5', 17550],
    ['1.250', 125000],
    ['99', 9900],
    ['', null],
    ['1.25', 'invalid'],
    ['175.50', 'invalid'],
    ['1,505', 'invalid'],
  ])('reads %j with a decimal comma as %j cents', (cell, cents) => {
    expect(parseDollars(cell, true)).toBe(cents);
  });
  it('reads decimals with a decimal comma', () => {
    expect(['1,5', '15', '', '1.5', '-2,25'].map((cell) => parseDecimal(cell, true))).toEqual([1.5, 15, null, 'invalid', -2.25]);
  });
  it('reads yes and no', () => {
    expect(['yes', 'Y', 'TRUE', '1', 'no', 'n', '0', ''].map((v) => parseYesNo(v, true))).toEqual([true, true, true, true, false, false, false, true]);
    expect(parseYesNo('maybe', false)).toBe('invalid');
  });
});
