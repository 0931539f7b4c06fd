import { type BookingStatus, statusLabels } from '../booking';
import type { Locale } from '../i18n';
import { formatMoneyWithCents } from '../money';
import { formatLongDate } from '../time';

/*
 * The invoice's words in the booking's language (issue #40). English is exactly what the invoice always
 * printed; a word missing in Spanish fails `tsc` (both are InvoiceWords).
 */
export interface InvoiceWords {
  /** The PDF's language tag. */
  pdfLanguage: string;
  title: (number: string, customer: string) => string;
  subject: (bookingNumber: string) => string;
  creator: (business: string) => string;
  invoice: string;
  invoiceNumber: (number: string) => string;
  booking: (number: string, status: string) => string;
  issued: (date: string) => string;
  billTo: string;
  event: string;
  items: string;
  item: string;
  qty: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  total: string;
  depositRequired: string;
  notPartOfInvoice: string;
  payments: string;
  noPayments: string;
  totalPaid: string;
  balanceDue: string;
  refundDue: string;
  balanceDueBy: (date: string) => string;
  balanceBeforeEvent: string;
  paidInFull: string;
  questions: (phone: string, email: string, bookingNumber: string) => string;
  discount: string;
  damageWaiver: string;
  delivery: string;
  salesTax: string;
  movedToCredit: string;
  kinds: Record<'deposit' | 'balance' | 'refund' | 'other', string>;
  methods: Record<'stripe' | 'cash' | 'check' | 'card_in_person' | 'credit', string>;
  statuses: Record<BookingStatus, string>;
  /** "$1,234.50", "-$20.00": invoices always show cents. */
  money: (cents: number, currency?: string) => string;
  longDate: (isoDate: string) => string;
}

const en: InvoiceWords = {
  pdfLanguage: 'en-US',
  title: (number, customer) => `Invoice ${number}: ${customer}`,
  subject: (bookingNumber) => `Invoice for booking ${bookingNumber}`,
  creator: (business) => `${business} website`,
  invoice: 'Invoice',
  invoiceNumber: (number) => `Invoice ${number}`,
  booking: (number, status) => `Booking ${number} (${status})`,
  issued: (date) => `Issued ${date}`,
  billTo: 'Bill to',
  event: 'Event',
  items: 'Items',
  item: 'Item',
  qty: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  subtotal: 'Subtotal',
  total: 'Total',
  depositRequired: 'Deposit required',
  notPartOfInvoice: 'Not part of this invoice:',
  payments: 'Payments and refunds',
  noPayments: 'No payments received yet.',
  totalPaid: 'Total paid',
  balanceDue: 'Balance due',
  refundDue: 'Refund due to you',
  balanceDueBy: (date) => `The balance is due by ${date}.`,
  balanceBeforeEvent: 'The balance is due before the event.',
  paidInFull: 'Paid in full. Thank you!',
  questions: (phone, email, bookingNumber) => `Questions about this invoice? Call ${phone} or write to ${email} and quote ${bookingNumber}.`,
  discount: 'Discount',
  damageWaiver: 'Damage waiver',
  delivery: 'Delivery',
  salesTax: 'Sales tax',
  movedToCredit: 'Moved to credit',
  kinds: { deposit: 'Deposit', balance: 'Balance payment', refund: 'Refund', other: 'Payment' },
  methods: { stripe: 'Card (online)', cash: 'Cash', check: 'Check', card_in_person: 'Card (in person)', credit: 'Paid from credit' },
  statuses: statusLabels,
  money: (cents, currency) => formatMoneyWithCents(cents, currency),
  longDate: (isoDate) => formatLongDate(isoDate),
};

const es: InvoiceWords = {
  pdfLanguage: 'es-US',
  title: (number, customer) => `Factura ${number}: ${customer}`,
  subject: (bookingNumber) => `Factura de la reservación ${bookingNumber}`,
  creator: (business) => `Sitio web de ${business}`,
  invoice: 'Factura',
  invoiceNumber: (number) => `Factura ${number}`,
  booking: (number, status) => `Reservación ${number} (${status})`,
  issued: (date) => `Emitida el ${date}`,
  billTo: 'Facturar a',
  event: 'Evento',
  items: 'Artículos',
  item: 'Artículo',
  qty: 'Cant.',
  unitPrice: 'Precio unitario',
  amount: 'Importe',
  subtotal: 'Subtotal',
  total: 'Total',
  depositRequired: 'Depósito requerido',
  notPartOfInvoice: 'No forma parte de esta factura:',
  payments: 'Pagos y reembolsos',
  noPayments: 'Todavía no se han recibido pagos.',
  totalPaid: 'Total pagado',
  balanceDue: 'Saldo pendiente',
  refundDue: 'Reembolso a su favor',
  balanceDueBy: (date) => `El saldo vence el ${date}.`,
  balanceBeforeEvent: 'El saldo se paga antes del evento.',
  paidInFull: 'Pagado por completo. ¡Gracias!',
  questions: (phone, email, bookingNumber) => `¿Preguntas sobre esta factura? Llame al ${phone} o escriba a ${email} e indique el número ${bookingNumber}.`,
  discount: 'Descuento',
  damageWaiver: 'Protección contra daños',
  delivery: 'Entrega',
  salesTax: 'Impuesto sobre las ventas',
  movedToCredit: 'Pasado a crédito',
  kinds: { deposit: 'Depósito', balance: 'Pago del saldo', refund: 'Reembolso', other: 'Pago' },
  methods: { stripe: 'Tarjeta (en línea)', cash: 'Efectivo', check: 'Cheque', card_in_person: 'Tarjeta (en persona)', credit: 'Pagado con crédito' },
  statuses: {
    hold: 'Esperando el pago del depósito',
    deposit_due: 'Reservada: depósito pendiente',
    confirmed: 'Confirmada',
    out_for_delivery: 'En camino',
    delivered: 'Entregada e instalada',
    completed: 'Completada',
    cancelled: 'Cancelada',
    expired: 'Vencida (no se pagó el depósito a tiempo)',
  },
  money: (cents, currency) => formatMoneyWithCents(cents, currency, 'es-US'),
  longDate: (isoDate) => formatLongDate(isoDate, 'es-US'),
};

export const INVOICE_WORDS: Record<Locale, InvoiceWords> = { en, es };
