import type { ReactNode } from 'react';
import type { StripeOverview } from '../../../lib/payments/index.server';
import { formatMoney } from '../../../lib/money';
import { useAdminData } from '../shared/admin-api';
import { listSearch, Pagination, SearchBox, useListParams } from '../shared/list';
import { DataTable } from '../shared/DataTable';
import { adminApi } from '../../../lib/paths';
import { methodLabels, paymentColumns, webhookColumns, when } from './StripeTables';
import { Badge, Card, LoadState, ScreenHeader } from '../shared/ui';
import { FilterSelect } from '../shared/filters';
import { NotAllowed } from '../shared/NotAllowed';

const kindOptions = [
  { value: '', label: 'Payments and refunds' },
  { value: 'payments', label: 'Payments only' },
  { value: 'refunds', label: 'Refunds only' },
];

/** /admin/stripe: Stripe set-up (never a key), webhook health, payments and refunds (owners only). */
export default function StripeScreen() {
  const { params, update, sortBy, search } = useListParams({ q: '', page: 1, pageSize: 25, sort: 'createdAt', dir: 'desc', filters: { kind: '', method: '' } });
  const { data, error, loading } = useAdminData<StripeOverview>(adminApi.stripe(listSearch(params)));

  if (error?.code === 'forbidden') return <NotAllowed title="Payments (Stripe)" screen="The payments page" needs="owner" />;
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
              <DataTable caption="The 20 most recent Stripe webhook events" columns={webhookColumns} rows={data.webhook.recent} rowKey={(e) => e.id} empty="No event received yet." />
            </Card>

            <Card title="Payments and refunds">
              <div className="mb-3 flex flex-wrap items-end gap-3">
                <SearchBox label="Search by booking number or customer" {...search} />
                <FilterSelect label="Show" value={params.filters.kind!} onChange={(kind) => update({ filters: { kind } })} options={kindOptions} />
                <FilterSelect
                  label="Method"
                  value={params.filters.method!}
                  onChange={(method) => update({ filters: { method } })}
                  options={[{ value: '', label: 'Any method' }, ...Object.entries(methodLabels).map(([value, label]) => ({ value, label }))]}
                />
              </div>
              <DataTable
                caption="Payments and refunds"
                columns={paymentColumns(data.currency)}
                rows={data.payments.items}
                rowKey={(p) => p.id}
                empty="No payment matches."
                serverSort={{ params, onSort: sortBy }}
                footer={<Pagination page={data.payments.page} pageSize={data.payments.pageSize} total={data.payments.total} onPage={(page) => update({ page })} />}
              />
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
