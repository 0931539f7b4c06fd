import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import type Mail from 'nodemailer/lib/mailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import MimeNode from 'nodemailer/lib/mime-node';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs';
import * as base64 from 'nodemailer/lib/base64';
import { encodeQuotedPrintable, textEncodingOf, wrapQuotedPrintable } from './quoted-printable.server';

/**
 * A message as nodemailer writes it, written in one synchronous pass. nodemailer's MailComposer
 * builds the MIME tree (the structure, every header and its encoding, the transfer encoding of each
 * part); only the writing out is done here. nodemailer writes a tree through a chain of streams (a
 * pipeline, encoders and newline filters for every part): about 1.5 ms of CPU for a booking's
 * confirmation, most of a booking's mail cost, against about 0.2 ms for the same bytes written here
 * with nodemailer's own encoders (mime.server.test.ts checks that the bytes are nodemailer's).
 *
 * Parts are strings or buffers, as every message this site sends is (RenderedEmail). A message with a
 * part this writer does not cover (a stream or file; quoted-printable other than text given as a
 * string, or over 64 KB) gives null, and the caller sends it through nodemailer's own streams.
 */
export interface ComposedMessage {
  message: Buffer;
  messageId: string;
  envelope: { from: string | false; to: string[] };
}

export function composeMessage(mail: Mail.Options, newline: 'unix' | 'windows'): ComposedMessage | null {
  // The random parts made here, from one UUID each, rather than by nodemailer, which draws
  // crypto.randomBytes for every part's boundary and five times for the Message-ID (a third of the
  // composing): the Message-ID has nodemailer's shape (a UUID at the sender's domain) and every
  // boundary of the message shares one random base (nodemailer's baseBoundary), told apart by its
  // part number.
  const baseBoundary = randomUUID().replaceAll('-', '').slice(0, 16);
  let written;
  try {
    written = writtenDirectly(mail, baseBoundary);
  } catch (error) {
    if (error instanceof NotWrittenHere) return null;
    throw error;
  }
  if (written) return withNewlines(written, newline);
  const options: Mail.Options & { baseBoundary?: string | undefined } = {
    baseBoundary,
    ...mail,
    messageId: mail.messageId ?? `<${randomUUID()}@${senderDomain(mail.from)}>`,
  };
  const root = new MailComposer(options).compile();
  const chunks: string[] = [];
  try {
    writeNode(root, chunks);
  } catch (error) {
    if (error instanceof NotWrittenHere) return null;
    throw error;
  }
  return withNewlines({ text: chunks.join(''), messageId: root.messageId(), envelope: root.getEnvelope() as ComposedMessage['envelope'] }, newline);
}

/** The message's text (binary: one char a byte) made whole as nodemailer's last streams make it. */
function withNewlines({ text, messageId, envelope }: { text: string; messageId: string; envelope: ComposedMessage['envelope'] }, newline: 'unix' | 'windows'): ComposedMessage {
  // Ends with a line break, as nodemailer's LastNewline makes sure.
  if (!text.endsWith('\n')) text += text.endsWith('\r') ? '\n' : '\r\n';
  // nodemailer's newline filters: LeUnix drops every CR (the local outbox's files), LeWindows
  // makes every LF not after a CR a CRLF (SMTP).
  text = newline === 'unix' ? text.replaceAll('\r', '') : text.replace(/(?<!\r)\n/g, '\r\n');
  return { message: Buffer.from(text, 'binary'), messageId, envelope };
}

/**
 * Mail whose whole shape is known ahead, written straight from its parts: text and HTML, and with an
 * invite the calendar part beside them and its invite.ics attached, every header from the sender, the
 * recipient, the Reply-To and the subject. That is a booking's confirmation and its notice to the
 * business, every booking's two messages. Building nodemailer's tree of nodes for them (each header
 * set, looked up and normalized several times, the sender's address parsed three times, a random
 * boundary drawn for every part) cost about three quarters of composing them; the words of each header
 * are still encoded by nodemailer's own functions, and mime.server.test.ts checks the bytes against
 * nodemailer's for every kind of header and part. Anything else (attachments, extra headers, another
 * invite file name) gives null: nodemailer's tree writes it.
 */
function writtenDirectly(mail: Mail.Options, baseBoundary: string): { text: string; messageId: string; envelope: ComposedMessage['envelope'] } | null {
  const { from, to, replyTo, subject, text, html, icalEvent, messageId, date } = mail;
  if (Object.keys(mail).some((key) => !DIRECT_OPTIONS.has(key))) return null;
  if (typeof from !== 'string' || typeof to !== 'string' || typeof subject !== 'string' || !subject) return null;
  if (typeof text !== 'string' || !text || typeof html !== 'string' || !html) return null;
  if (replyTo !== undefined && typeof replyTo !== 'string' && !(typeof replyTo === 'object' && !Array.isArray(replyTo) && typeof replyTo.address === 'string' && typeof replyTo.name === 'string')) return null;
  if (date !== undefined && !(date instanceof Date)) return null;
  if (messageId !== undefined && typeof messageId !== 'string') return null;
  const invite = icalEvent === undefined ? null : calendarPart(icalEvent);
  if (invite === undefined) return null;

  const sender = addressHeader(from);
  const recipients = addressHeader(to);
  // Checked above: a string, or a name and an address.
  const replyHeader = replyTo ? addressHeader(replyTo as string | { name: string; address: string }) : null;
  // The envelope as nodemailer's getEnvelope reads the headers: the sender from From, or else from Reply-To.
  const envelope = { from: sender.addresses[0] || replyHeader?.addresses[0] || false, to: [...recipients.addresses] } as ComposedMessage['envelope'];
  // nodemailer's own Message-ID: at the domain of the envelope's sender.
  const id = headerNode.encodeHeaderValue('Message-ID', messageId ?? `<${randomUUID()}@${(envelope.from || 'localhost').split('@').pop()}>`);

  // Boundaries are numbered as nodemailer numbers its nodes, in the order it makes them.
  const boundary = (part: number) => `--_NmP-${baseBoundary}-Part_${part}`;
  const mixed = invite !== null;
  const headers = [
    header('From', sender.value),
    header('To', recipients.value),
    ...(replyHeader ? [header('Reply-To', replyHeader.value)] : []),
    header('Subject', headerNode.encodeHeaderValue('Subject', subject)),
    header('Message-ID', id),
    header('Date', headerNode.encodeHeaderValue('Date', date ?? new Date())),
    'MIME-Version: 1.0',
    header('Content-Type', mimeFuncs.buildHeaderValue({ value: mixed ? 'multipart/mixed' : 'multipart/alternative', params: { boundary: boundary(1) } })),
  ];
  const chunks = [headers.filter((line) => line !== '').join('\r\n') + '\r\n\r\n'];
  const alternatives = mixed ? boundary(2) : boundary(1);
  if (mixed) chunks.push(`--${boundary(1)}\r\n`, header('Content-Type', mimeFuncs.buildHeaderValue({ value: 'multipart/alternative', params: { boundary: alternatives } })), '\r\n\r\n');
  const parts = [textPart('text/plain; charset=utf-8', text), textPart('text/html; charset=utf-8', html), ...(invite ? [invite.alternative] : [])];
  parts.forEach((part, index) => chunks.push(`${index > 0 ? '\r\n' : ''}--${alternatives}\r\n`, part));
  chunks.push(`\r\n--${alternatives}--\r\n`);
  if (invite) chunks.push(`\r\n--${boundary(1)}\r\n`, invite.attachment, `\r\n--${boundary(1)}--\r\n`);
  return { text: chunks.join(''), messageId: id, envelope };
}

const DIRECT_OPTIONS = new Set(['from', 'to', 'replyTo', 'subject', 'text', 'html', 'icalEvent', 'messageId', 'date']);

/**
 * An address header's value as nodemailer encodes it (encodeHeaderValue) and its addresses, from one
 * parse. Every message of a site has the same sender and most the same Reply-To: the last few used are
 * kept. Least recently used goes first: every booking brings two addresses of its own (the customer's,
 * as To and as the business notice's Reply-To), which under a burst pushed the sender, the business's
 * mailbox and its notice address out of a first-in-first-out list, and all six were parsed per booking.
 */
function addressHeader(value: string | { name: string; address: string }): { value: string; addresses: string[] } {
  const key = typeof value === 'string' ? value : `${value.name}\0${value.address}\0`;
  return remembered(addressHeaders, key, () => {
    const list: { address: string }[] = [];
    const encoded = headerNode._convertAddresses(headerNode._parseAddresses(typeof value === 'string' ? value : { ...value }), list);
    return { value: encoded, addresses: list.map((a) => a.address) };
  });
}
const addressHeaders = new Map<string, { value: string; addresses: string[] }>();

/**
 * `make()`'s value for `key`, kept in `cache` for the 16 keys used last: a site's messages repeat the
 * same few headers. Used again, a key moves to the end of the Map's order, the last to go.
 */
function remembered<V>(cache: Map<string, V>, key: string, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= 16) cache.delete(cache.keys().next().value!);
  } else cache.delete(key);
  cache.set(key, value);
  return value;
}

/** A node with no content of its own: nodemailer's encoding of header values and addresses, as any node does it. */
const headerNode = new MimeNode(false as unknown as string) as MimeNode & {
  _parseAddresses(value: unknown): unknown[];
  _convertAddresses(addresses: unknown[], list: { address: string }[]): string;
  encodeHeaderValue(key: string, value: unknown): string;
};

/**
 * A header line as nodemailer writes it (folded at 76), or '' for an empty value, which it leaves
 * out; as bytes (binary, like the parts), the UTF-8 of what is left outside ASCII (an address's
 * non-ASCII local part is written as it is).
 */
const header = (key: string, value: string) => (value.trim() ? utf8Bytes(mimeFuncs.foldLines(`${key}: ${value}`, 76)) : '');

/** Text as the binary string of its UTF-8 bytes (one char a byte), as nodemailer's streams write header text. */
const utf8Bytes = (text: string) => (/[\u0080-\uffff]/.test(text) ? Buffer.from(text, 'utf8').toString('binary') : text);

/**
 * A text part of a string, with the transfer encoding nodemailer chooses for it: 7bit for printable
 * ASCII in lines of at most 76 characters, else quoted-printable for mostly Latin text and base64 for the rest.
 */
function textPart(contentType: string, content: string): string {
  const transferEncoding =
    mimeFuncs.isPlainText(content) && !mimeFuncs.hasLongerLines(content, 76) ? '7bit' : textEncodingOf(content) === 'Q' ? 'quoted-printable' : 'base64';
  return `${partHeader(contentType)}\r\nContent-Transfer-Encoding: ${transferEncoding}\r\n\r\n${encodedContent(content, transferEncoding, true)}`;
}

/** A part's Content-Type line, written once per type: every message has the same few (text, HTML, the invite's). */
const partHeader = (contentType: string) => remembered(partHeaders, contentType, () => header('Content-Type', contentType));
const partHeaders = new Map<string, string>();

/**
 * What an icalEvent becomes (MailComposer's getAlternatives and getAttachments): a text/calendar
 * alternative and the same text as an attached invite.ics, in base64. Null for none; undefined for
 * an event given any other way than as text named invite.ics (nodemailer's tree writes those).
 */
function calendarPart(event: Mail.Options['icalEvent']): { alternative: string; attachment: string } | undefined {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return undefined;
  const { content, method, filename, ...rest } = event as { content?: unknown; method?: unknown; filename?: unknown };
  if (Object.keys(rest).length > 0 || typeof content !== 'string' || !content || filename !== 'invite.ics') return undefined;
  if (method !== undefined && (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method.trim()))) return undefined;
  const methodName = (method || 'PUBLISH').trim().toUpperCase();
  const calendarType = remembered(calendarTypes, methodName, () =>
    mimeFuncs.buildHeaderValue(mimeFuncs.parseHeaderValue(`text/calendar; charset=utf-8; method=${methodName}`)),
  );
  return {
    alternative: textPart(calendarType, content),
    attachment:
      'Content-Type: application/ics; name=invite.ics\r\nContent-Disposition: attachment; filename=invite.ics\r\nContent-Transfer-Encoding: base64\r\n\r\n' +
      encodedContent(content, 'base64', false),
  };
}

/** The calendar part's Content-Type value by method (PUBLISH, CANCEL), parsed and built once each. */
const calendarTypes = new Map<string, string>();

/** A part composeMessage leaves to nodemailer's streams. */
class NotWrittenHere extends Error {}

/** What MimeNode.stream writes for a node, in the same order: headers, content, then the child parts. */
function writeNode(node: MimeNode, chunks: string[]): void {
  const inner = node as MimeNode & { content?: unknown; multipart?: string | false; childNodes: MimeNode[]; boundary?: string; _raw?: unknown };
  if (inner._raw) throw new NotWrittenHere('a raw message is sent as it is, not composed');
  // Headers first: building them settles the transfer encoding (and a multipart node's boundary).
  chunks.push(utf8Bytes(inner.buildHeaders()) + '\r\n\r\n');
  // The transfer encoding buildHeaders chose and wrote (asking getTransferEncoding again would scan the content again).
  if (inner.content) chunks.push(encodedContent(inner.content, String(inner.getHeader('Content-Transfer-Encoding') || ''), /^text\//i.test(contentTypeOf(inner))));
  if (!inner.multipart) return;
  inner.childNodes.forEach((child, index) => {
    chunks.push(`${index > 0 ? '\r\n' : ''}--${inner.boundary}\r\n`);
    writeNode(child, chunks);
  });
  chunks.push(`\r\n--${inner.boundary}--\r\n`);
}

/** The domain of the sender's address, as nodemailer ends its Message-IDs with ('localhost' without one). */
function senderDomain(from: Mail.Options['from']): string {
  const first: unknown = Array.isArray(from) ? from[0] : from;
  const address = typeof first === 'string' ? addressparser(first, { flatten: true })[0]?.address : (first as { address?: string } | undefined)?.address;
  return address?.includes('@') ? address.split('@').pop()! : 'localhost';
}

const contentTypeOf = (node: MimeNode) => String((node as MimeNode & { contentType?: string }).contentType ?? '');

/** A part's body as its transfer encoding writes it; binary strings (one char a byte), as nodemailer's streams carry bytes. */
function encodedContent(content: unknown, transferEncoding: string, isText: boolean): string {
  if (typeof content !== 'string' && !Buffer.isBuffer(content)) throw new NotWrittenHere('only string or Buffer parts are composed');
  if (transferEncoding === 'quoted-printable') {
    // Outside text a lone CR or LF is data (nodemailer's encoder is `binary` there); no such part is sent.
    if (!isText || typeof content !== 'string') throw new NotWrittenHere('quoted-printable is only composed for text parts given as text');
    return quotedPrintable(content);
  }
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  if (transferEncoding === 'base64') return base64.wrap(base64.encode(bytes), 76);
  return bytes.toString('binary');
}

/**
 * nodemailer's quoted-printable stream, whole: it holds back the whitespace the input ends with and
 * encodes it last (so a final space is `=20` on a line of its own when the line is full), and wraps
 * each piece onto the line the last one left open. Encoded and wrapped by quoted-printable.server.ts
 * (nodemailer's output, faster).
 */
function quotedPrintable(text: string): string {
  // The stream encodes in slices of 64 KB, each told the byte after it; a part that long is not composed here.
  if (Buffer.byteLength(text) > QP_SLICE_BYTES) throw new NotWrittenHere('a quoted-printable part over 64 KB is not composed here');
  // Spaces and tabs are a byte each: the cut falls where the stream's does in the bytes.
  let end = text.length;
  while (end > 0 && (text.charCodeAt(end - 1) === 0x20 || text.charCodeAt(end - 1) === 0x09)) end--;
  let done = '';
  let line = '';
  for (const piece of [text.slice(0, end), text.slice(end)]) {
    if (piece.length === 0) continue;
    const wrapped = wrapQuotedPrintable(line + encodeQuotedPrintable(piece));
    const lastBreak = wrapped.lastIndexOf('\n');
    done += wrapped.slice(0, lastBreak + 1);
    line = wrapped.slice(lastBreak + 1);
  }
  return done + line;
}

const QP_SLICE_BYTES = 64 * 1024;
