/**
 * nodemailer's quoted-printable encoding of a text part, its soft line breaks and its choice between
 * quoted-printable and base64 for a text: the same strings from fewer steps (quoted-printable.server.test.ts
 * holds them to nodemailer's over random text). Composing a booking's messages spent about three
 * quarters of its time in nodemailer's three (a byte loop that looks at each byte's neighbours, a
 * count of every character, several regular expressions against every 76-character line). Measured
 * warm on a confirmation with 8 KB of HTML: encoding 41 → 23 µs, wrapping 24 → 17, the choice 27 → 9,
 * the whole message 167 → 124 µs.
 */

/** Text as nodemailer's QP encoder writes it when the text ends the input: UTF-8 bytes outside the literal range as =XX. */
export function encodeQuotedPrintable(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  const length = bytes.length;
  const out = Buffer.allocUnsafe(length * 3);
  let at = 0;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i]!;
    const kind = KIND[byte]!;
    // A space or tab just before a line break or the end is encoded too (a mail server may strip it).
    if (kind === LITERAL || (kind === SPACE && i + 1 < length && bytes[i + 1] !== LF && bytes[i + 1] !== CR)) out[at++] = byte;
    else {
      out[at++] = EQUALS;
      out[at++] = HEX_DIGITS[byte >> 4]!;
      out[at++] = HEX_DIGITS[byte & 15]!;
    }
  }
  return out.toString('latin1', 0, at);
}

const CR = 0x0d;
const LF = 0x0a;
const EQUALS = 0x3d;
const HEX_DIGITS = Buffer.from('0123456789ABCDEF', 'latin1');
/** RFC 2045's literal bytes: the line breaks, '!' to '<' and '>' to '~' (LITERAL); space and tab (SPACE); the rest are escaped. */
const LITERAL = 1;
const SPACE = 2;
const KIND = Uint8Array.from({ length: 256 }, (_, byte) =>
  byte === 0x20 || byte === 0x09 ? SPACE : byte === CR || byte === LF || (byte > 0x20 && byte <= 0x7e && byte !== EQUALS) ? LITERAL : 0,
);

const LINE = 76;
/** nodemailer's margin: a soft break is looked for among a line's last third. */
const MARGIN = Math.floor(LINE / 3);

/**
 * Soft line breaks (`=` CRLF) into quoted-printable text, as nodemailer's qp.wrap places them for 76
 * characters: each line is cut after its first CRLF or at its LF, else after a line break, space,
 * tab or punctuation in its last third, else before an escape it would split (and before a whole
 * UTF-8 sequence of escapes). The same decisions, made by looking at characters instead of cutting
 * substrings and matching expressions against each one. For this module's output (ASCII).
 */
export function wrapQuotedPrintable(text: string): string {
  const length = text.length;
  if (length <= LINE) return text;
  let result = '';
  let pos = 0;
  let nextCrlf = text.indexOf('\r\n');
  while (pos < length) {
    const end = Math.min(pos + LINE, length);
    if (nextCrlf !== -1 && nextCrlf < pos) nextCrlf = text.indexOf('\r\n', pos);
    // A CRLF within the line: the line ends after it.
    if (nextCrlf !== -1 && nextCrlf + 2 <= end) {
      result += text.slice(pos, nextCrlf + 2);
      pos = nextCrlf + 2;
      continue;
    }
    // A line that ends with LF is taken whole.
    if (text.charCodeAt(end - 1) === LF) {
      result += text.slice(pos, end);
      pos = end;
      continue;
    }
    // The last LF in the line's last third, with no CR after it: the line ends after it.
    const tailStart = Math.max(pos, end - MARGIN);
    const lf = lastLf(text, tailStart, end);
    if (lf !== -1 && !hasCr(text, lf + 1, end)) {
      result += text.slice(pos, lf + 1);
      pos = lf + 1;
      continue;
    }
    let lineEnd = end;
    const breakAt = end - pos > LINE - MARGIN ? lastBreakable(text, tailStart, end) : -1;
    if (breakAt !== -1) lineEnd = breakAt + 1;
    else if (escapeStartsAtEnd(text, pos, lineEnd, 2)) {
      // An escape cut short ('=' or '=X') goes to the next line whole.
      if (escapeStartsAtEnd(text, pos, lineEnd, 0, true)) lineEnd -= 1;
      else if (escapeStartsAtEnd(text, pos, lineEnd, 1, true)) lineEnd -= 2;
      // So does a UTF-8 sequence whose escapes would be split: back over continuation bytes to the lead byte.
      while (lineEnd - pos > 3 && lineEnd < length && !onlyEscapes(text, pos, lineEnd) && escapeStartsAtEnd(text, pos, lineEnd, 2, true)) {
        const byte = parseInt(text.slice(lineEnd - 2, lineEnd), 16);
        if (byte < 0x80) break;
        lineEnd -= 3;
        if (byte >= 0xc0) break;
      }
    }
    if (lineEnd === pos) lineEnd = end;
    if (lineEnd < length && text.charCodeAt(lineEnd - 1) !== LF) {
      if (lineEnd - pos === LINE) lineEnd -= escapeStartsAtEnd(text, pos, lineEnd, 2, true) ? 3 : 1;
      result += `${text.slice(pos, lineEnd)}=\r\n`;
    } else result += text.slice(pos, lineEnd);
    pos = lineEnd;
  }
  return result;
}

function lastLf(text: string, from: number, end: number): number {
  for (let i = end - 1; i >= from; i--) if (text.charCodeAt(i) === LF) return i;
  return -1;
}

function hasCr(text: string, from: number, end: number): boolean {
  for (let i = from; i < end; i++) if (text.charCodeAt(i) === CR) return true;
  return false;
}

/** The last space, tab, '.', ',', '!' or '?' in [from, end), or -1. */
function lastBreakable(text: string, from: number, end: number): number {
  for (let i = end - 1; i >= from; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x2e || c === 0x2c || c === 0x21 || c === 0x3f) return i;
  }
  return -1;
}

/** Whether [start, end) ends with '=' and up to `hexDigits` hex digits (exactly that many when `exact`). */
function escapeStartsAtEnd(text: string, start: number, end: number, hexDigits: number, exact = false): boolean {
  for (let digits = exact ? hexDigits : 0; digits <= hexDigits; digits++) {
    const at = end - 1 - digits;
    if (at < start) return false;
    if (text.charCodeAt(at) !== EQUALS) continue;
    let hex = true;
    for (let i = at + 1; i < end; i++) hex &&= isHex(text.charCodeAt(i));
    if (hex) return true;
  }
  return false;
}

/** Whether [start, end) is one to four escapes and nothing else. */
function onlyEscapes(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length % 3 !== 0 || length < 3 || length > 12) return false;
  for (let i = start; i < end; i += 3) if (text.charCodeAt(i) !== EQUALS || !isHex(text.charCodeAt(i + 1)) || !isHex(text.charCodeAt(i + 2))) return false;
  return true;
}

const isHex = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/**
 * nodemailer's choice for a text (MimeNode's _getTextEncoding): quoted-printable ('Q') when it has more
 * Latin letters than control characters and characters outside ASCII, else base64 ('B'). The others are
 * counted by one expression; letters only until they outnumber them.
 */
export function textEncodingOf(text: string): 'Q' | 'B' {
  const others = text.match(NOT_LATIN)?.length ?? 0;
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    const lower = text.charCodeAt(i) | 0x20;
    if (lower >= 0x61 && lower <= 0x7a && ++letters > others) return 'Q';
  }
  return 'B';
}
// Control characters are what it counts: the expression means them.
// eslint-disable-next-line no-control-regex
const NOT_LATIN = /[\x00-\x08\x0b\x0c\x0e-\x1f\u0080-\uffff]/g;
