import type { StripeOverview } from '../../../lib/payments/index.server';
import { formatMoney, formatSignedMoney } from '../../../lib/money';
import { staffClock } from '../shared/business';
import { CellNote, notedCell, type Column } from '../shared/DataTable';
import { Badge, BookingLink } from '../shared/ui';

type WebhookEvent = StripeOverview['webhook']['recent'][number];
type PaymentRow = StripeOverview['payments']['items'][number];

export const kindLabels = { deposit: 'Deposit', balance: 'Balance', refund: 'Refund', other: 'Other' } as const;
export const methodLabels = { stripe: 'Stripe', cash: 'Cash', check: 'Check', card_in_person: 'Card in person', credit: 'Paid from credit' } as const;

/** An instant on this screen, in the business's time zone; 'Never' when there is none. */
export const when = (iso: string | null) => (iso ? staffClock().timestamp(iso) : 'Never');

const statusBadge = (status: string, done: string) =>
  status === done ? <Badge tone="good">{done === 'processed' ? 'Processed' : 'Succeeded'}</Badge> : status === 'failed' ? <Badge tone="bad">Failed</Badge> : <Badge tone="warn">Pending</Badge>;

export const webhookColumns: Column<WebhookEvent>[] = [
  { key: 'received', header: 'Received', cell: (e) => when(e.receivedAt) },
  {
    key: 'event',
    header: 'Event',
    rowHeader: true,
    className: '!font-normal',
    cell: (e) => (
      <>
        <span className="font-semibold">{e.type}</span>
        <span className="block font-mono text-xs text-slate-700">{e.id}</span>
      </>
    ),
  },
  { key: 'status', header: 'Status', cell: (e) => statusBadge(e.status, 'processed') },
  { key: 'error', header: 'Error', className: 'text-red-800', cell: (e) => e.error ?? '' },
];

export function paymentColumns(currency: string): Column<PaymentRow>[] {
  return [
    { key: 'createdAt', header: 'Date', sort: 'server', cell: (p) => when(p.createdAt) },
    {
      key: 'booking',
      header: 'Booking',
      rowHeader: true,
      className: '!font-normal',
      cell: notedCell((p) => <BookingLink id={p.bookingId} number={p.bookingNumber} />, (p) => p.customerName),
    },
    {
      key: 'kind',
      header: 'Kind',
      cell: (p) => (
        <>
          {p.kind === 'refund' ? <Badge tone="warn">Refund</Badge> : kindLabels[p.kind]}
          {p.note && <CellNote>{p.note}</CellNote>}
        </>
      ),
    },
    { key: 'method', header: 'Method', cell: (p) => methodLabels[p.method] },
    {
      key: 'amount',
      header: 'Amount',
      sort: 'server',
      className: 'tabular-nums',
      cell: (p) => (p.kind === 'refund' ? formatSignedMoney(-p.amountCents, currency) : formatMoney(p.amountCents, currency)),
    },
    { key: 'status', header: 'Status', cell: (p) => statusBadge(p.status, 'succeeded') },
    { key: 'reference', header: 'Stripe reference', className: 'font-mono text-xs', cell: (p) => p.stripeReference ?? '—' },
  ];
}
