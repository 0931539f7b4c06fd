import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { embedPdfFonts, type PdfFontFiles, type UnicodeFont } from '../pdf';
import { priceLineText, type Invoice } from './invoice';
import { INVOICE_WORDS } from './invoice-words';
import { brandInk, DEFAULT_BRAND_COLOR } from '../business';

const PAGE = { width: 612, height: 792, margin: 54 };
const INK = rgb(0.12, 0.16, 0.23);
const MUTED = rgb(0.28, 0.33, 0.41);
const RULE = rgb(0.8, 0.83, 0.87);

/**
 * The invoice as a PDF (US Letter), drawn with the embedded Unicode fonts so every name prints as
 * typed. `fonts` comes from pdfFontFiles() in pdf-fonts.server.ts, so this stays free of I/O.
 */
export async function buildInvoicePdf(invoice: Invoice, fonts: PdfFontFiles, createdAt: Date): Promise<Uint8Array> {
  const ink = brandInk(invoice.business.brandColor ?? DEFAULT_BRAND_COLOR);
  const BRAND = rgb(ink.r, ink.g, ink.b);
  const w = INVOICE_WORDS[invoice.language];
  const doc = await PDFDocument.create({ updateMetadata: false });
  const { regular, bold } = await embedPdfFonts(doc, fonts);
  doc.setTitle(w.title(invoice.number, invoice.customer.name));
  doc.setAuthor(invoice.business.name);
  doc.setSubject(w.subject(invoice.bookingNumber));
  doc.setCreator(w.creator(invoice.business.name));
  doc.setProducer('pdf-lib');
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  doc.setLanguage(w.pdfLanguage);

  const money = (cents: number) => w.money(cents, invoice.currency);
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const ensure = (height: number) => {
    if (y - height < PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const line = (text: string, options: { font?: UnicodeFont; size?: number; color?: ReturnType<typeof rgb>; x?: number; maxWidth?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    for (const part of font.wrap(text, size, options.maxWidth ?? width)) {
      ensure(size * 1.4);
      y -= size * 1.4;
      if (part) font.draw(page, part, { x: options.x ?? left, y, size, color: options.color ?? INK });
    }
  };
  const drawRight = (text: string, x: number, font: UnicodeFont, size: number, color = INK) =>
    font.draw(page, text, { x: x - font.widthOfTextAtSize(text, size), y, size, color });
  /** A label on the left (wrapped to its column) and up to two right-aligned figures. */
  const row = (label: string, amount: string, options: { font?: UnicodeFont; detail?: string; qty?: string; color?: ReturnType<typeof rgb> } = {}) => {
    const font = options.font ?? regular;
    const parts = font.wrap(label, 10, width - 200);
    parts.forEach((part, i) => {
      ensure(15);
      y -= 15;
      font.draw(page, part, { x: left, y, size: 10, color: options.color ?? INK });
      if (i === 0) {
        if (options.qty) drawRight(options.qty, right - 170, regular, 10, MUTED);
        if (options.detail) drawRight(options.detail, right - 90, regular, 10, MUTED);
        drawRight(amount, right, font, 10, options.color ?? INK);
      }
    });
  };
  const rule = (gap = 6) => {
    ensure(gap * 2);
    y -= gap;
    page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.6, color: RULE });
    y -= 2;
  };
  const heading = (text: string) => {
    y -= 10;
    line(text, { font: bold, size: 12 });
    rule(4);
  };

  // ---- Business and invoice header
  const b = invoice.business;
  line(b.name, { font: bold, size: 16, color: BRAND });
  for (const l of b.addressLines) line(l, { color: MUTED });
  line(`${b.phone} · ${b.email}`, { color: MUTED });
  y -= 8;
  line(w.invoice, { font: bold, size: 22 });
  line(w.invoiceNumber(invoice.number), { font: bold });
  line(w.booking(invoice.bookingNumber, invoice.statusLabel));
  line(w.issued(w.longDate(invoice.issuedOn)));

  heading(w.billTo);
  line(invoice.customer.name, { font: bold });
  line(invoice.customer.email);
  if (invoice.customer.phone) line(invoice.customer.phone);
  heading(w.event);
  line(invoice.eventLabel);
  for (const l of invoice.addressLines) line(l);

  // ---- Lines
  heading(w.items);
  ensure(15);
  y -= 15;
  bold.draw(page, w.item, { x: left, y, size: 9, color: MUTED });
  drawRight(w.qty, right - 170, bold, 9, MUTED);
  drawRight(w.unitPrice, right - 90, bold, 9, MUTED);
  drawRight(w.amount, right, bold, 9, MUTED);
  for (const item of invoice.items) row(item.label, money(item.amountCents), { qty: String(item.quantity), detail: money(item.unitPriceCents) });
  rule();
  row(w.subtotal, money(invoice.subtotalCents));
  for (const l of invoice.priceLines) row(l.label, priceLineText(l, invoice.language, money));
  rule();
  row(w.total, money(invoice.totalCents), { font: bold });
  row(w.depositRequired, money(invoice.depositCents), { color: MUTED });
  if (invoice.paidSeparately.length) {
    y -= 4;
    line(w.notPartOfInvoice, { font: bold, size: 9, color: MUTED });
    for (const note of invoice.paidSeparately) line(note, { size: 9, color: MUTED });
  }

  // ---- Payments
  heading(w.payments);
  if (invoice.payments.length === 0) line(w.noPayments, { color: MUTED });
  for (const p of invoice.payments) row(`${w.longDate(p.date)}: ${p.label}`, money(p.amountCents));
  rule();
  row(w.totalPaid, money(invoice.paidCents), { font: bold });
  row(w.balanceDue, money(invoice.balanceCents), { font: bold, color: invoice.balanceCents > 0 ? BRAND : INK });
  if (invoice.creditCents > 0) row(w.refundDue, money(invoice.creditCents), { font: bold });
  y -= 6;
  if (invoice.balanceCents > 0) {
    line(invoice.balanceDueOn ? w.balanceDueBy(w.longDate(invoice.balanceDueOn)) : w.balanceBeforeEvent, { font: bold });
  } else if (invoice.creditCents === 0) {
    line(w.paidInFull, { font: bold });
  }
  y -= 10;
  line(w.questions(b.phone, b.email, invoice.bookingNumber), { size: 9, color: MUTED });
  return doc.save();
}
