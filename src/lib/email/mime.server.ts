import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import type Mail from 'nodemailer/lib/mailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import * as base64 from 'nodemailer/lib/base64';
import * as qp from 'nodemailer/lib/qp';

/**
 * A message as nodemailer writes it, written in one synchronous pass. nodemailer's MailComposer
 * builds the MIME tree (the structure, every header and its encoding, the transfer encoding of each
 * part); only the writing out is done here. nodemailer writes a tree through a chain of streams (a
 * pipeline, encoders and newline filters for every part): about 1.5 ms of CPU for a booking's
 * confirmation, most of a booking's mail cost, against about 0.2 ms for the same bytes written here
 * with nodemailer's own encoders (mime.server.test.ts checks that the bytes are nodemailer's).
 *
 * Parts are strings or buffers, as every message this site sends is (RenderedEmail). A message with a
 * part this writer does not cover (a stream or file, quoted-printable outside text or over 64 KB) gives
 * null, and the caller sends it through nodemailer's own streams.
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
  const options: Mail.Options & { baseBoundary?: string | undefined } = {
    baseBoundary: randomUUID().replaceAll('-', '').slice(0, 16),
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
  let text = chunks.join('');
  // Ends with a line break, as nodemailer's LastNewline makes sure.
  if (!text.endsWith('\n')) text += text.endsWith('\r') ? '\n' : '\r\n';
  // nodemailer's newline filters: LeUnix drops every CR (the local outbox's files), LeWindows
  // makes every LF not after a CR a CRLF (SMTP).
  text = newline === 'unix' ? text.replaceAll('\r', '') : text.replace(/(?<!\r)\n/g, '\r\n');
  return { message: Buffer.from(text, 'binary'), messageId: root.messageId(), envelope: root.getEnvelope() as ComposedMessage['envelope'] };
}

/** A part composeMessage leaves to nodemailer's streams. */
class NotWrittenHere extends Error {}

/** What MimeNode.stream writes for a node, in the same order: headers, content, then the child parts. */
function writeNode(node: MimeNode, chunks: string[]): void {
  const inner = node as MimeNode & { content?: unknown; multipart?: string | false; childNodes: MimeNode[]; boundary?: string; _raw?: unknown };
  if (inner._raw) throw new NotWrittenHere('a raw message is sent as it is, not composed');
  // Headers first: building them settles the transfer encoding (and a multipart node's boundary).
  chunks.push(inner.buildHeaders() + '\r\n\r\n');
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
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  if (transferEncoding === 'base64') return base64.wrap(base64.encode(bytes), 76);
  if (transferEncoding === 'quoted-printable') {
    // Outside text a lone CR or LF is data (nodemailer's encoder is `binary` there); no such part is sent.
    if (!isText) throw new NotWrittenHere('quoted-printable is only composed for text parts');
    return quotedPrintable(bytes);
  }
  return bytes.toString('binary');
}

/**
 * nodemailer's quoted-printable stream, whole: it holds back the whitespace the input ends with and
 * encodes it last (so a final space is `=20` on a line of its own when the line is full), and wraps
 * each piece onto the line the last one left open.
 */
function quotedPrintable(bytes: Buffer): string {
  // The stream encodes in slices of 64 KB, each told the byte after it; a part that long is not composed here.
  if (bytes.length > QP_SLICE_BYTES) throw new NotWrittenHere('a quoted-printable part over 64 KB is not composed here');
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === 0x20 || bytes[end - 1] === 0x09)) end--;
  let done = '';
  let line = '';
  for (const piece of [bytes.subarray(0, end), bytes.subarray(end)]) {
    if (piece.length === 0) continue;
    const wrapped = qp.wrap(line + qp.encode(piece), 76);
    const lastBreak = wrapped.lastIndexOf('\n');
    done += wrapped.slice(0, lastBreak + 1);
    line = wrapped.slice(lastBreak + 1);
  }
  return done + line;
}

const QP_SLICE_BYTES = 64 * 1024;
