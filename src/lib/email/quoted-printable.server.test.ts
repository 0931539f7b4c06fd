import fc from 'fast-check';
import MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';
import { describe, expect, it } from 'vitest';
import { encodeQuotedPrintable, textEncodingOf, wrapQuotedPrintable } from './quoted-printable.server';

const nodemailersChoice = new MimeNode(false as unknown as string) as MimeNode & { _getTextEncoding(value: string): 'Q' | 'B' };

// Text with what the encoder and the wrapping decide on, often: line breaks of every kind, spaces and
// tabs before them, '=', hex digits, punctuation, characters of two, three and four UTF-8 bytes, lone
// surrogates, control characters, and lines just under, at and over 76 characters.
const piece = fc.oneof(
  fc.constantFrom('\r\n', '\n', '\r', ' ', '\t', '  \n', '\t\r\n', '=', '=3D', 'A', 'f', '0', '.', ',', '!', '?', 'é', '—', '“', '日本', '😀', '\ud800', '\u0001', '\u007f'),
  fc.constantFrom(76, 75, 74, 73, 52, 51, 50, 25, 24).map((n) => 'x'.repeat(n)),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
);
const text = fc.array(piece, { maxLength: 80 }).map((parts) => parts.join(''));

describe('quoted-printable as nodemailer writes it', () => {
  it('encodes text to the same string as nodemailer’s qp.encode', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(encodeQuotedPrintable(value)).toBe(qp.encode(Buffer.from(value, 'utf8')));
      }),
      { numRuns: 3000 },
    );
  });

  it('wraps encoded text where nodemailer’s qp.wrap does', () => {
    fc.assert(
      fc.property(text, (value) => {
        const encoded = qp.encode(Buffer.from(value, 'utf8'));
        expect(wrapQuotedPrintable(encoded)).toBe(qp.wrap(encoded, 76));
      }),
      { numRuns: 3000 },
    );
  });

  it('wraps any ASCII where nodemailer does, escapes cut anywhere (a piece of a stream)', () => {
    const ascii = fc.array(fc.oneof(fc.constantFrom('=', '=C3', '=A9', '=E2=80', '=9D', '=F0=9F=98=80', '\r\n', '\n', '\r', ' ', '.', 'a', 'F', '7'), fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 })), { maxLength: 60 });
    fc.assert(
      fc.property(ascii, (parts) => {
        const value = parts.join('');
        expect(wrapQuotedPrintable(value)).toBe(qp.wrap(value, 76));
      }),
      { numRuns: 3000 },
    );
    // Runs of continuation bytes longer than UTF-8 allows: the line is cut back to its last four escapes, no further.
    for (const value of ['=9D'.repeat(40), `x${'=9D'.repeat(40)}`, `ab${'=80'.repeat(30)}=C3`]) expect(wrapQuotedPrintable(value)).toBe(qp.wrap(value, 76));
  });

  it('chooses quoted-printable or base64 for a text as nodemailer does', () => {
    fc.assert(
      fc.property(text, (value) => {
        expect(textEncodingOf(value)).toBe(nodemailersChoice._getTextEncoding(value));
      }),
      { numRuns: 3000 },
    );
    expect(textEncodingOf('')).toBe('B');
    expect(textEncodingOf('Hello')).toBe('Q');
    expect(textEncodingOf('日本語のテキスト')).toBe('B');
  });
});
