import fc from 'fast-check';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it, vi } from 'vitest';
import { composeMessage } from './mime.server';

// The boundaries are random per message; everything else must be nodemailer's, byte for byte.
const sameBoundaries = (message: string) => message.replace(/--_NmP-[0-9a-f]+-Part_/g, '--_NmP-x-Part_');

async function nodemailersMessage(mail: Mail.Options, newline: 'unix' | 'windows') {
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline }).sendMail(mail);
  return { message: (info as { message: Buffer }).message.toString('binary'), envelope: info.envelope };
}

const fixed = { messageId: '<fixed@example.com>', date: new Date('2026-11-28T15:00:00Z') };
const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nSUMMARY:Pink Castle Bounce House\r\nDTSTART:20261205T160000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
const longLine = 'A line of a receipt that goes on well past seventy-six characters, as a table row in text does. ';

const mails: Record<string, Mail.Options> = {
  'a booking confirmation: text, HTML and the calendar invite': {
    from: 'Bounce & Party Co <owner@example.com>',
    to: 'dana@example.com',
    replyTo: { name: 'Bounce & Party Co', address: 'owner@example.com' },
    subject: 'Your booking PF-ABC123 is confirmed',
    text: `Hi Dana,\n\n${longLine.repeat(3)}\nTotal: $189.00  \nThanks!`,
    html: `<table><tr><td style="padding:8px">Pink Castle Bounce House × 1</td><td>$189.00</td></tr></table>`.repeat(20),
    icalEvent: { filename: 'invite.ics', method: 'PUBLISH', content: ics },
  },
  'plain ASCII text only': { from: 'owner@example.com', to: 'dana@example.com', subject: 'Hello', text: 'Short and plain.\n', html: '<p>Short and plain.</p>' },
  'words and names outside ASCII, a long subject': {
    from: '“Café” Rentals <owner@example.com>',
    to: 'Zoë Ångström <zoe@example.com>',
    replyTo: { name: 'Jürgen Müller', address: 'jm@example.com' },
    subject: `We received your quote request — “Ünïcödé” ${'and a long subject '.repeat(5)}`,
    text: 'Crème brûlée, naïve café, 日本語のテキスト.\r\nTabs\tand trailing space \n',
    html: '<p>Crème brûlée — “quoted”</p>',
  },
  'a signed waiver: a PDF attached': {
    from: 'Bounce Party Co <owner@example.com>',
    to: 'dana@example.com',
    subject: 'Your signed waiver for booking PF-1',
    text: 'Attached.',
    html: '<p>Attached.</p>',
    attachments: [{ filename: 'waiver PF-1.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 '.repeat(50)).toString('base64'), encoding: 'base64' }],
  },
  'an invite and an attachment together': {
    from: 'owner@example.com',
    to: 'dana@example.com',
    subject: 'Invoice',
    text: longLine.repeat(2),
    html: `<p>${longLine.repeat(4)}</p>`,
    icalEvent: { filename: 'invite.ics', method: 'PUBLISH', content: ics },
    attachments: [{ filename: 'invoice.pdf', contentType: 'application/pdf', content: Buffer.from([0, 1, 2, 255, 13, 10, 13]).toString('base64'), encoding: 'base64' }],
  },
};

describe('composeMessage', () => {
  it.each(Object.entries(mails).flatMap(([name, mail]) => (['unix', 'windows'] as const).map((newline) => [name, newline, mail] as const)))(
    'writes nodemailer’s bytes: %s (%s line breaks)',
    async (_name, newline, mail) => {
      const expected = await nodemailersMessage({ ...mail, ...fixed }, newline);
      const composed = composeMessage({ ...mail, ...fixed }, newline)!;
      expect(sameBoundaries(composed.message.toString('binary'))).toBe(sameBoundaries(expected.message));
      expect(composed.messageId).toBe(fixed.messageId);
      expect(composed.envelope).toEqual(expected.envelope);
    },
  );

  it('makes a Message-ID of nodemailer’s shape at the sender’s domain, and one boundary base per message', () => {
    const { message, messageId } = composeMessage({ ...mails['an invite and an attachment together']!, from: 'Bounce Party Co <owner@bounce.example>' }, 'unix')!;
    expect(messageId).toMatch(/^<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@bounce\.example>$/);
    expect(message.toString()).toContain(`Message-ID: ${messageId}`);
    const boundaries = new Set([...message.toString().matchAll(/boundary="(--_NmP-[0-9a-f]{16}-Part_\d+)"/g)].map((m) => m[1]));
    expect(boundaries.size).toBe(2);
    expect(new Set([...boundaries].map((b) => b!.replace(/Part_\d+$/, ''))).size).toBe(1);
    expect(composeMessage({ ...mails['plain ASCII text only']! }, 'unix')!.messageId).not.toBe(messageId);
  });

  it('leaves a part it does not write to nodemailer (null): quoted-printable text over 64 KB', () => {
    const long = { from: 'owner@example.com', to: 'dana@example.com', subject: 'Long', text: 'Crème brûlée. '.repeat(6000), html: '<p>Short</p>' };
    expect(composeMessage(long, 'unix')).toBeNull();
    expect(composeMessage({ ...long, text: 'Crème brûlée.' }, 'unix')).not.toBeNull();
  });

  // A booking's two messages are written without nodemailer's tree (writtenDirectly): whatever the
  // names, subject, words and invite, the bytes must be nodemailer's.
  const words = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.constantFrom('Bounce & Party Co', 'Zoë Ångström', '“Café” Rentals', 'O\'Brien, Pat', 'Jürgen Müller', '日本語の名前', 'A\tB', 'x\u0001y', ' spaced  out ', '=?utf-8?Q?x?='),
  );
  const address = fc
    .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/), fc.constantFrom('example.com', 'Example.COM', 'pinkflamingo.example', 'jõgeva.ee', 'sub.domain.example'))
    .map(([local, domain]) => `${local}@${domain}`);
  const body = fc.oneof(
    fc.string({ minLength: 1, maxLength: 400 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 }),
    fc.array(fc.oneof(fc.constantFrom(longLine, 'Crème brûlée — “quoted” ', 'Total: $189.00  ', '\r\n', '\n', '\t', ' ', '=', '.'), fc.string({ maxLength: 20 })), { minLength: 1, maxLength: 60 }).map((parts) => parts.join('') || 'x'),
  );
  const bookingMail = fc.record(
    {
      from: fc.tuple(words, address).map(([name, addr]) => `${name} <${addr}>`),
      to: fc.oneof(address, fc.tuple(words, address).map(([name, addr]) => `${name} <${addr}>`)),
      replyTo: fc.record({ name: words, address }),
      subject: words.filter((w) => w.length > 0),
      text: body,
      html: body,
      icalEvent: fc.record({ filename: fc.constant('invite.ics'), method: fc.constantFrom('PUBLISH', 'REQUEST', 'CANCEL', 'publish '), content: fc.oneof(fc.constant(ics), body) }),
    },
    { requiredKeys: ['from', 'to', 'subject', 'text', 'html'] },
  );

  it('writes a booking’s messages (text, HTML, the invite) as nodemailer does, without its tree of nodes', async () => {
    const compile = vi.spyOn(MailComposer.prototype, 'compile');
    try {
      await fc.assert(
        fc.asyncProperty(bookingMail, fc.constantFrom('unix' as const, 'windows' as const), async (mail, newline) => {
          const expected = await nodemailersMessage({ ...mail, ...fixed }, newline);
          compile.mockClear();
          const composed = composeMessage({ ...mail, ...fixed }, newline)!;
          expect(compile).not.toHaveBeenCalled();
          expect(sameBoundaries(composed.message.toString('binary'))).toBe(sameBoundaries(expected.message));
          expect(composed.envelope).toEqual(expected.envelope);
        }),
        { numRuns: 300 },
      );
    } finally {
      compile.mockRestore();
    }
  });
});
