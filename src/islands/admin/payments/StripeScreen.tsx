import type { ReactNode } from 'react';
import type { StripeOverview } from '../../../lib/payments/stripe-admin.server';
import { formatMoney } from '../../../lib/money';
import { useAdminData } from '../shared/admin-api';
import { listSearch, Pagination, SearchBox, SortHeader, useListParams } from '../shared/list';
import { Badge, Card, LoadState, ScreenHeader, tableClass, tdClass, thClass } from '../shared/ui';
import { FilterSelect } from '../shared/filters';
import { NotAllowed } from '../shared/NotAllowed';

const kindOptions = [
  { value: '', label: 'Payments and refunds' },
  { value: 'payments', label: 'Payments only' },
  { value: 'refunds', label: 'Refunds only' },
];

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'Never');
const kindLabels = { deposit: 'Deposit', balance: 'Balance', refund: 'Refund', other: 'Other' } as const;
const methodLabels = { stripe: 'Stripe', cash: 'Cash', check: 'Check', card_in_person: 'Card in person' } as const;

/** /admin/stripe: Stripe set-up (never a key), webhook health, payments and refunds (owners only). */
export default function StripeScreen() {
  const { params, update, sortBy } = useListParams({ q: '', page: 1, pageSize: 25, sort: 'createdAt', dir: 'desc', filters: { kind: '', method: '' } });
  const { data, error, loading } = useAdminData<StripeOverview>(`/api/admin/stripe?${listSearch(params)}`);

  if (error?.code === 'forbidden') return <NotAllowed title="Payments (Stripe)" screen="The payments page" />;
  return (
    <>
      <ScreenHeader title="Payments (Stripe)" description="Whether online payments work, what Stripe has told us lately, and every payment and refund." />
      <LoadState loading={loading} error={error}>
        {data && (
          <div className="space-y-4">
            <div className="grid gap-4 md:grid-cols-3">
              <Card title="Stripe">
                <dl className="space-y-2 text-sm">
                  <Row label="Status">{data.configured ? <Badge tone="good">Configured</Badge> : <Badge tone="warn">Not configured</Badge>}</Row>
                  {data.configured && <Row label="Mode">{data.mode === 'live' ? <Badge tone="brand">Live</Badge> : data.mode === 'test' ? <Badge tone="info">Test</Badge> : <Badge tone="warn">Unknown key type</Badge>}</Row>}
                  <Row label="Webhook signing secret">{data.webhookSecretSet ? 'Set' : 'Not set'}</Row>
                  <Row label="Deposits">{data.onlineDeposits ? 'Paid online at booking' : data.paymentMode === 'pay_later' ? 'Pay later (chosen in Settings)' : 'Deposit due (Stripe not configured)'}</Row>
                </dl>
                {!data.configured && (
                  <p className="mt-3 text-sm text-slate-700">
                    Set <code>STRIPE_SECRET_KEY</code> and <code>STRIPE_WEBHOOK_SECRET</code> in the hosting environment to take deposits by card. Bookings still work meanwhile, as &ldquo;deposit due&rdquo;.
                  </p>
                )}
              </Card>
              <Card title="Webhook health">
                <dl className="space-y-2 text-sm">
                  <Row label="Last event received">{when(data.webhook.lastReceivedAt)}</Row>
                  <Row label="Events in the last 7 days">{data.webhook.receivedLast7Days}</Row>
                  <Row label="Failed in the last 7 days">{data.webhook.failedLast7Days > 0 ? <Badge tone="bad">{data.webhook.failedLast7Days}</Badge> : <Badge tone="good">0</Badge>}</Row>
                </dl>
                <p className="mt-3 text-sm text-slate-700">Stripe retries a failed event for up to three days; a retry that succeeds clears the failure.</p>
              </Card>
              <Card title="Last 30 days">
                <dl className="space-y-2 text-sm">
                  <Row label="Collected">{formatMoney(data.last30Days.collectedCents, data.currency)}</Row>
                  <Row label="Refunded">{formatMoney(data.last30Days.refundedCents, data.currency)}</Row>
                </dl>
              </Card>
            </div>

            <Card title="Recent webhook events">
              {data.webhook.recent.length === 0 ? (
                <p className="p-3 text-sm text-slate-700">No event received yet.</p>
              ) : (
                <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Recent webhook events">
                  <table className={tableClass}>
                    <caption className="sr-only">The 20 most recent Stripe webhook events</caption>
                    <thead>
                      <tr>
                        {['Received', 'Event', 'Status', 'Error'].map((h) => (
                          <th key={h} scope="col" className={thClass}>
                            {h}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {data.webhook.recent.map((e) => (
                        <tr key={e.id}>
                          <td className={tdClass}>{when(e.receivedAt)}</td>
                          <th scope="row" className={`${tdClass} font-normal`}>
                            <span className="font-semibold">{e.type}</span>
                            <span className="block font-mono text-xs text-slate-700">{e.id}</span>
                          </th>
                          <td className={tdClass}>{e.status === 'processed' ? <Badge tone="good">Processed</Badge> : e.status === 'failed' ? <Badge tone="bad">Failed</Badge> : <Badge tone="warn">Pending</Badge>}</td>
                          <td className={`${tdClass} text-red-800`}>{e.error ?? ''}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Card>

            <Card title="Payments and refunds">
              <div className="mb-3 flex flex-wrap items-end gap-3">
                <SearchBox label="Search by booking number or customer" value={params.q} onSearch={(q) => update({ q })} />
                <FilterSelect label="Show" value={params.filters.kind!} onChange={(kind) => update({ filters: { kind } })} options={kindOptions} />
                <FilterSelect
                  label="Method"
                  value={params.filters.method!}
                  onChange={(method) => update({ filters: { method } })}
                  options={[{ value: '', label: 'Any method' }, ...Object.entries(methodLabels).map(([value, label]) => ({ value, label }))]}
                />
              </div>
              {data.payments.items.length === 0 ? (
                <p className="p-3 text-sm text-slate-700">No payment matches.</p>
              ) : (
                <div className="relative overflow-x-auto">
                  <table className={tableClass}>
                    <caption className="sr-only">Payments and refunds</caption>
                    <thead>
                      <tr>
                        <SortHeader column="createdAt" label="Date" params={params} onSort={sortBy} />
                        <th scope="col" className={thClass}>
                          Booking
                        </th>
                        <th scope="col" className={thClass}>
                          Kind
                        </th>
                        <th scope="col" className={thClass}>
                          Method
                        </th>
                        <SortHeader column="amount" label="Amount" params={params} onSort={sortBy} />
                        <th scope="col" className={thClass}>
                          Status
                        </th>
                        <th scope="col" className={thClass}>
                          Stripe reference
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.payments.items.map((p) => (
                        <tr key={p.id}>
                          <td className={tdClass}>{when(p.createdAt)}</td>
                          <th scope="row" className={`${tdClass} font-normal`}>
                            <a href={`/admin/bookings/${p.bookingId}`} className="font-semibold text-brand-800 underline">
                              {p.bookingNumber}
                            </a>
                            <span className="block text-xs text-slate-700">{p.customerName}</span>
                          </th>
                          <td className={tdClass}>
                            {p.kind === 'refund' ? <Badge tone="warn">Refund</Badge> : kindLabels[p.kind]}
                            {p.note && <span className="block text-xs text-slate-700">{p.note}</span>}
                          </td>
                          <td className={tdClass}>{methodLabels[p.method]}</td>
                          <td className={`${tdClass} tabular-nums`}>{p.kind === 'refund' ? `−${formatMoney(p.amountCents, data.currency)}` : formatMoney(p.amountCents, data.currency)}</td>
                          <td className={tdClass}>{p.status === 'succeeded' ? <Badge tone="good">Succeeded</Badge> : p.status === 'failed' ? <Badge tone="bad">Failed</Badge> : <Badge tone="warn">Pending</Badge>}</td>
                          <td className={`${tdClass} font-mono text-xs`}>{p.stripeReference ?? '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <Pagination page={data.payments.page} pageSize={data.payments.pageSize} total={data.payments.total} onPage={(page) => update({ page })} />
            </Card>
          </div>
        )}
      </LoadState>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2">
      <dt className="font-semibold text-slate-800">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
