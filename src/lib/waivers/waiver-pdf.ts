import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { codePointNames, embedPdfFonts, type PdfFontFiles, type UnicodeFont } from '../pdf';
import type { Locale } from '../i18n';
import type { BusinessClock } from '../time';
import { signedAtText, waiverDate } from './waiver-render';
import { waiverWords } from './waiver-words';
import type { WaiverText } from './waiver-texts';
import { checkSignatureDataUrl } from './signature-png';
import { brandInk, DEFAULT_BRAND_COLOR } from '../business';

/** Everything the signed waiver PDF shows. Pure input: the same row always gives the same document. */
export interface WaiverPdfInput {
  waiverId: string;
  /** The language the waiver was signed in: the whole PDF is printed in it. */
  language: Locale;
  waiverVersion: string;
  /** The signed version's title and rules (waiver_texts); absent: the shipped text's. */
  text?: Pick<WaiverText, 'title' | 'rules'> | undefined;
  businessName: string;
  businessPhone: string;
  businessEmail: string;
  /** '#rrggbb' (settings.brandColor): the business's name is printed in its dark shade. */
  brandColor?: string | undefined;
  bookingNumber: string;
  eventDate: string;
  renterName: string;
  signerName: string;
  signerEmail: string;
  signerPhone: string;
  adults: string[];
  guests: { name: string; age?: number | undefined }[];
  rulesAcknowledged: string[];
  /** The exact text signed (waivers.signed_text). */
  signedText: string;
  textSha256: string;
  signedAt: Date;
  /** The business's clock, which the signing time is printed on. */
  clock: BusinessClock;
  ipAddress: string;
  userAgent: string;
  signature: { kind: 'drawn'; pngDataUrl: string } | { kind: 'typed'; name: string };
  /** Signed by the guest on a crew member's phone at the party: that staff member's name ('' if unknown). */
  signedOnCrewDevice?: string | undefined;
}

const PAGE = { width: 612, height: 792, margin: 54 };
const INK = rgb(0.12, 0.16, 0.23);
const MUTED = rgb(0.28, 0.33, 0.41);

/** 'Saturday, December 5, 2026 at 2:31 PM (America/New_York); 2026-12-05T19:31:07.000Z': local for people, UTC for the record. */
export function signedAtLabel(signedAt: Date, clock: BusinessClock, language: Locale = 'en'): string {
  return `${signedAtText(signedAt, clock, language)} (${clock.timeZone}); ${signedAt.toISOString()}`;
}

/** The signed PDF's file name, as the signer's mail program and browser show it: in the language signed. */
export const waiverPdfFilename = (language: Locale, bookingNumber: string, suffix = ''): string =>
  `${language === 'es' ? 'exencion' : 'waiver'}-${bookingNumber}${suffix}.pdf`;

/** The PDF's own words around the signed text, in each language a waiver is signed in. */
const PDF_WORDS = {
  en: {
    lang: 'en-US',
    heading: 'Signed Safety Waiver',
    version: 'version',
    booking: 'Booking',
    partyDate: 'Party date',
    renter: 'Renter',
    signedBy: 'Signed by',
    email: 'E-mail',
    phone: 'Phone',
    adults: 'Adults supervising',
    guests: 'Children and guests',
    noneNamed: 'None named',
    age: 'age',
    signedAt: 'Signed at',
    ip: 'Signed from (IP)',
    device: 'Device',
    unknown: 'unknown',
    signedOn: 'Signed on',
    crewPhone: 'The crew’s phone at the party',
    signature: 'Signature',
    drawn: 'Drawn by hand',
    typed: 'Typed name',
    waiverId: 'Waiver id',
    hash: 'SHA-256 of the text',
    rules: 'Safety rules acknowledged',
    fullText: 'Full text signed',
    fullTextNote: 'This is the complete text the signer agreed to. Its SHA-256 fingerprint is printed above.',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
    unprintable: (names: string) =>
      `Some characters could not be printed with this document’s fonts and show as empty boxes: ${names}. The exact text signed is kept with the SHA-256 fingerprint above.`,
  },
  es: {
    lang: 'es-US',
    heading: 'Exención de seguridad firmada',
    version: 'versión',
    booking: 'Reservación',
    partyDate: 'Fecha de la fiesta',
    renter: 'Quien renta',
    signedBy: 'Firmada por',
    email: 'Correo',
    phone: 'Teléfono',
    adults: 'Adultos que supervisan',
    guests: 'Niños e invitados',
    noneNamed: 'Ninguno',
    age: 'años',
    signedAt: 'Fecha de la firma',
    ip: 'Firmada desde (IP)',
    device: 'Dispositivo',
    unknown: 'desconocido',
    signedOn: 'Firmada en',
    crewPhone: 'El teléfono del equipo en la fiesta',
    signature: 'Firma',
    drawn: 'Dibujada a mano',
    typed: 'Nombre escrito',
    waiverId: 'Id de la exención',
    hash: 'SHA-256 del texto',
    rules: 'Reglas de seguridad aceptadas',
    fullText: 'Texto completo firmado',
    fullTextNote: 'Este es el texto completo que aceptó quien firma. Su huella SHA-256 aparece arriba.',
    page: (page: number, pages: number) => `Página ${page} de ${pages}`,
    unprintable: (names: string) =>
      `Algunos caracteres no se pudieron imprimir con las fuentes de este documento y aparecen como recuadros vacíos: ${names}. El texto exacto firmado se conserva con la huella SHA-256 de arriba.`,
  },
} as const satisfies Record<Locale, unknown>;

interface Writer {
  page: PDFPage;
  y: number;
}

/**
 * The signed waiver as a PDF. Every name and every character the signer typed is printed as typed
 * (Vietnamese, Chinese, accented Spanish…) with the embedded fonts; `fonts` comes from
 * pdfFontFiles() in pdf-fonts.server.ts, so this stays free of I/O.
 */
export async function buildWaiverPdf(input: WaiverPdfInput, fonts: PdfFontFiles): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const { regular, bold, italic, unprintable } = await embedPdfFonts(doc, fonts);
  const t = PDF_WORDS[input.language];
  // The title and rules of the version signed, as the signer's language words them (businessName/state do not appear in them).
  const words = input.text ?? waiverWords(input.language, '');

  doc.setTitle(`Signed waiver ${input.bookingNumber}: ${input.signerName}`);
  doc.setSubject(`${words.title}, ${t.version} ${input.waiverVersion}, ${t.booking.toLowerCase()} ${input.bookingNumber}`);
  doc.setAuthor(input.businessName);
  doc.setKeywords([input.bookingNumber, `waiver:${input.waiverId}`, `sha256:${input.textSha256}`]);
  doc.setCreator(`${input.businessName} website`);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(input.signedAt);
  doc.setModificationDate(input.signedAt);
  doc.setLanguage(t.lang);

  const contentWidth = PAGE.width - 2 * PAGE.margin;
  const w: Writer = { page: doc.addPage([PAGE.width, PAGE.height]), y: PAGE.height - PAGE.margin };

  const ensure = (height: number) => {
    if (w.y - height < PAGE.margin + 20) {
      w.page = doc.addPage([PAGE.width, PAGE.height]);
      w.y = PAGE.height - PAGE.margin;
    }
  };

  const write = (text: string, options: { font?: UnicodeFont; size?: number; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    const leading = size * 1.35;
    for (const line of font.wrap(text, size, contentWidth - indent)) {
      ensure(leading);
      w.y -= leading;
      if (line) font.draw(w.page, line, { x: PAGE.margin + indent, y: w.y, size, color: options.color ?? INK });
    }
    w.y -= options.gap ?? 0;
  };

  const row = (label: string, value: string) => {
    // Wide enough for the longest label in bold, narrow enough for a SHA-256 in hex on one line.
    const labelWidth = 130;
    regular.wrap(value, 10, contentWidth - labelWidth).forEach((line, i) => {
      ensure(14);
      w.y -= 14;
      if (i === 0) bold.draw(w.page, label, { x: PAGE.margin, y: w.y, size: 10, color: MUTED });
      if (line) regular.draw(w.page, line, { x: PAGE.margin + labelWidth, y: w.y, size: 10, color: INK });
    });
  };

  // ---- Summary
  const ink = brandInk(input.brandColor ?? DEFAULT_BRAND_COLOR);
  write(input.businessName, { font: bold, size: 11, color: rgb(ink.r, ink.g, ink.b) });
  write(t.heading, { font: bold, size: 20, gap: 2 });
  write(`${words.title} (${t.version} ${input.waiverVersion})`, { size: 10, color: MUTED, gap: 10 });

  const guests = input.guests.map((g) => (g.age === undefined ? g.name : input.language === 'es' ? `${g.name} (${g.age} ${t.age})` : `${g.name} (age ${g.age})`));
  row(t.booking, input.bookingNumber);
  row(t.partyDate, input.language === 'es' ? waiverDate(input.eventDate, 'es') : input.clock.longDate(input.eventDate));
  row(t.renter, input.renterName);
  row(t.signedBy, input.signerName);
  row(t.email, input.signerEmail);
  if (input.signerPhone) row(t.phone, input.signerPhone);
  row(t.adults, input.adults.join('; ') || t.noneNamed);
  row(t.guests, guests.join('; ') || t.noneNamed);
  row(t.signedAt, signedAtLabel(input.signedAt, input.clock, input.language));
  row(t.ip, input.ipAddress || t.unknown);
  row(t.device, input.userAgent.slice(0, 300) || t.unknown);
  if (input.signedOnCrewDevice !== undefined) row(t.signedOn, `${t.crewPhone}${input.signedOnCrewDevice ? ` (${input.signedOnCrewDevice})` : ''}`);
  row(t.signature, input.signature.kind === 'drawn' ? t.drawn : t.typed);
  row(t.waiverId, input.waiverId);
  row(t.hash, input.textSha256);
  w.y -= 12;

  // ---- Rules
  write(t.rules, { font: bold, size: 13, gap: 4 });
  const acknowledged = new Set(input.rulesAcknowledged);
  words.rules.forEach((rule, i) => {
    const mark = acknowledged.has(rule.id) ? '[x]' : '[  ]';
    write(`${mark} ${i + 1}. ${rule.title}`, { font: bold, size: 10 });
    write(rule.text, { size: 9.5, indent: 22, gap: 3, color: MUTED });
  });
  w.y -= 8;

  // ---- Signature
  ensure(110);
  write(t.signature, { font: bold, size: 13, gap: 6 });
  if (input.signature.kind === 'drawn') {
    // Stored rows are checked again: the header decides before pdf-lib decodes a single pixel.
    if (!checkSignatureDataUrl(input.signature.pngDataUrl).ok) throw new Error('The signature PNG is malformed or larger than a signature pad');
    const base64 = input.signature.pngDataUrl.slice(input.signature.pngDataUrl.indexOf(',') + 1);
    const image = await doc.embedPng(Uint8Array.from(Buffer.from(base64, 'base64')));
    const scale = Math.min(260 / image.width, 80 / image.height, 1);
    const height = image.height * scale;
    w.y -= height;
    w.page.drawImage(image, { x: PAGE.margin, y: w.y, width: image.width * scale, height });
  } else {
    write(input.signature.name, { font: italic, size: 22 });
  }
  w.page.drawLine({ start: { x: PAGE.margin, y: w.y - 4 }, end: { x: PAGE.margin + 260, y: w.y - 4 }, thickness: 0.7, color: MUTED });
  w.y -= 6;
  write(`${input.signerName}, ${signedAtLabel(input.signedAt, input.clock, input.language)}`, { size: 9, color: MUTED, gap: 14 });

  // ---- The full text, exactly as signed
  ensure(60);
  write(t.fullText, { font: bold, size: 13, gap: 2 });
  write(t.fullTextNote, { size: 9, color: MUTED, gap: 6 });
  write(input.signedText, { size: 9 });

  // ---- Footers, and a note when a character could not be printed. The footers are checked before
  // the note is written, and drawn after it, when the page count is final.
  const footer = (page: number, pages: number) =>
    `${input.businessName} · ${input.businessPhone} · ${input.businessEmail} · ${t.booking} ${input.bookingNumber} · ${t.page(page, pages)}`;
  regular.recordUnprintable(footer(1, 1));
  if (unprintable.size > 0) {
    w.y -= 10;
    write(t.unprintable(codePointNames(unprintable)), { size: 9, color: MUTED });
  }
  const pages = doc.getPages();
  pages.forEach((page, i) => regular.draw(page, footer(i + 1, pages.length), { x: PAGE.margin, y: PAGE.margin - 24, size: 8, color: MUTED }));

  return doc.save();
}
