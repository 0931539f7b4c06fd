import { signedMoney } from '../../../lib/pricing/adjustments';
import { lazy } from 'react';
import { reportPresets } from '../../../lib/admin/range-presets';
import type { SalesRow } from '../../../lib/reports/reports';
import type { ProductSales, ReportsData } from '../../../lib/reports/reports.server';
import { formatShortDate } from '../../../lib/time/format';
import { formatMoney } from '../../../lib/money';
import { useAdminData } from '../shared/admin-api';
import { Badge, Card, LoadState, ScreenHeader, tableClass, tdClass, thClass } from '../shared/ui';
import { ChartFigure } from '../analytics/ChartFigure';
import { CsvLink } from '../shared/list';
import { csvUrl, RangeFilter, useRangeParam } from '../analytics/range';
import { adminApi, adminPaths } from '../../../lib/paths';

const RevenueChart = lazy(() => import('../analytics/charts').then((m) => ({ default: m.RevenueChart })));
const SalesChart = lazy(() => import('../analytics/charts').then((m) => ({ default: m.SalesChart })));

const ENDPOINT = adminApi.reports;
const num = 'text-right tabular-nums';
const percentText = (p: number | null) => (p === null ? '—' : `${p.toLocaleString('en-US')} %`);
const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** /admin/reports: revenue, sales by product and category, unit utilisation and ROI, unpaid deposits. */
export default function ReportsScreen() {
  const { range, setRange, query } = useRangeParam();
  const { data, error, loading } = useAdminData<ReportsData>(`${ENDPOINT}${query ? `?${query}` : ''}`);
  const shown = data?.range ?? { from: range.from ?? '', to: range.to ?? '' };

  return (
    <>
      <ScreenHeader title="Reports" description="Revenue, bookings, unit utilisation and deposits, in the business's time zone. Every table downloads as CSV." />
      {data || error ? <RangeFilter value={shown} presets={reportPresets(data?.today ?? shown.to)} onChange={setRange} fieldErrors={error?.fields} /> : null}
      <LoadState loading={loading} error={error && !error.fields ? error : null}>
        {data && (
          <div className="grid gap-4" aria-busy={loading}>
            <p className="text-sm text-slate-700" role="status">
              Showing {formatShortDate(data.range.from)} {data.range.from.slice(0, 4)} to {formatShortDate(data.range.to)} {data.range.to.slice(0, 4)} ({data.timeZone}).
            </p>
            <RevenueCard data={data} />
            <SalesCard title="Bookings by product" report="products" data={data} rows={data.products} withCategory />
            <SalesCard title="Bookings by category" report="categories" data={data} rows={data.categories} chart />
            <UnitsCard data={data} />
            <DepositsCard data={data} />
          </div>
        )}
      </LoadState>
    </>
  );
}

function RevenueCard({ data }: { data: ReportsData }) {
  const { months, total } = data.revenue;
  return (
    <Card title="Revenue by month" actions={<CsvLink href={csvUrl(ENDPOINT, 'revenue', data.range)} label="revenue by month" />}>
      <p className="mb-3 text-sm text-slate-700">
        <strong>Booked</strong>: totals of bookings (not cancelled, expired or an unpaid checkout hold) by the month of the event. <strong>Collected</strong>: payments received minus refunds, by the month the money moved. <strong>Staff adjustments</strong>: the discounts and surcharges staff added, part of Booked.
      </p>
      <ChartFigure caption="Bar chart of booked and collected revenue per month.">
        <RevenueChart months={months} />
      </ChartFigure>
      <div className="relative overflow-x-auto" tabIndex={0}>
        <table className={tableClass}>
          <caption className="sr-only">Revenue by month</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>Month</th>
              <th scope="col" className={`${thClass} ${num}`}>Bookings</th>
              <th scope="col" className={`${thClass} ${num}`}>Booked</th>
              <th scope="col" className={`${thClass} ${num}`}>Staff adjustments</th>
              <th scope="col" className={`${thClass} ${num}`}>Payments</th>
              <th scope="col" className={`${thClass} ${num}`}>Refunds</th>
              <th scope="col" className={`${thClass} ${num}`}>Collected</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row" className={`${tdClass} font-semibold`}>{monthLabel(m.month)}</th>
                <td className={`${tdClass} ${num}`}>{m.bookings}</td>
                <td className={`${tdClass} ${num}`}>{formatMoney(m.bookedCents)}</td>
                <td className={`${tdClass} ${num}`}>{signedMoney(m.adjustmentsCents)}</td>
                <td className={`${tdClass} ${num}`}>{formatMoney(m.paidCents)}</td>
                <td className={`${tdClass} ${num}`}>{formatMoney(m.refundedCents)}</td>
                <td className={`${tdClass} ${num}`}>{formatMoney(m.collectedCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" className={tdClass}>Total</th>
              <td className={`${tdClass} ${num}`}>{total.bookings}</td>
              <td className={`${tdClass} ${num}`}>{formatMoney(total.bookedCents)}</td>
              <td className={`${tdClass} ${num}`}>{signedMoney(total.adjustmentsCents)}</td>
              <td className={`${tdClass} ${num}`}>{formatMoney(total.paidCents)}</td>
              <td className={`${tdClass} ${num}`}>{formatMoney(total.refundedCents)}</td>
              <td className={`${tdClass} ${num}`}>{formatMoney(total.collectedCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </Card>
  );
}

function SalesCard({ title, report, data, rows, withCategory = false, chart = false }: { title: string; report: string; data: ReportsData; rows: (SalesRow | ProductSales)[]; withCategory?: boolean; chart?: boolean }) {
  return (
    <Card title={title} actions={<CsvLink href={csvUrl(ENDPOINT, report, data.range)} label={title.toLowerCase()} />}>
      <p className="mb-3 text-sm text-slate-700">Lines of bookings with the event in the range. Revenue is the rental price of the lines, before delivery, damage waiver, tax and discounts.</p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">No bookings in this range.</p>
      ) : (
        <>
          {chart && (
            <ChartFigure caption={`Bar chart of revenue per ${withCategory ? 'product' : 'category'}.`}>
              <SalesChart rows={rows} />
            </ChartFigure>
          )}
          <div className="relative overflow-x-auto" tabIndex={0}>
            <table className={tableClass}>
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  <th scope="col" className={thClass}>{withCategory ? 'Product' : 'Category'}</th>
                  {withCategory && <th scope="col" className={thClass}>Category</th>}
                  <th scope="col" className={`${thClass} ${num}`}>Bookings</th>
                  <th scope="col" className={`${thClass} ${num}`}>Units</th>
                  <th scope="col" className={`${thClass} ${num}`}>Revenue</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.key}>
                    <th scope="row" className={`${tdClass} font-semibold`}>{r.name}</th>
                    {withCategory && <td className={tdClass}>{(r as ProductSales).category}</td>}
                    <td className={`${tdClass} ${num}`}>{r.bookings}</td>
                    <td className={`${tdClass} ${num}`}>{r.units}</td>
                    <td className={`${tdClass} ${num}`}>{formatMoney(r.revenueCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}

function UnitsCard({ data }: { data: ReportsData }) {
  return (
    <Card title="Utilisation and return per unit" actions={<CsvLink href={csvUrl(ENDPOINT, 'units', data.range)} label="utilisation and return per unit" />}>
      <p className="mb-3 text-sm text-slate-700">
        Days out: days of the range the unit was at an event. Revenue: its share of the lines it served (a package line is shared by product price). Revenue ÷ cost: that revenue against the unit's purchase cost.
      </p>
      <div className="relative overflow-x-auto" tabIndex={0}>
        <table className={tableClass}>
          <caption className="sr-only">Utilisation and return per unit</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>Unit</th>
              <th scope="col" className={`${thClass} ${num}`}>Bookings</th>
              <th scope="col" className={`${thClass} ${num}`}>Days out</th>
              <th scope="col" className={`${thClass} ${num}`}>Utilisation</th>
              <th scope="col" className={`${thClass} ${num}`}>Revenue</th>
              <th scope="col" className={`${thClass} ${num}`}>Per day out</th>
              <th scope="col" className={`${thClass} ${num}`}>Purchase cost</th>
              <th scope="col" className={`${thClass} ${num}`}>Revenue ÷ cost</th>
            </tr>
          </thead>
          <tbody>
            {data.units.map((u) => (
              <tr key={u.id}>
                <th scope="row" className={`${tdClass} font-semibold`}>
                  {u.productName} <span className="font-normal text-slate-700">· {u.label}</span> {u.status !== 'available' && <Badge tone={u.status === 'retired' ? 'neutral' : 'warn'}>{u.status}</Badge>}
                </th>
                <td className={`${tdClass} ${num}`}>{u.bookings}</td>
                <td className={`${tdClass} ${num}`}>{u.bookedDays}</td>
                <td className={`${tdClass} ${num}`}>{percentText(u.utilisationPercent)}</td>
                <td className={`${tdClass} ${num}`}>{formatMoney(u.revenueCents)}</td>
                <td className={`${tdClass} ${num}`}>{u.revenuePerBookedDayCents === null ? '—' : formatMoney(u.revenuePerBookedDayCents)}</td>
                <td className={`${tdClass} ${num}`}>{u.purchaseCostCents === null ? 'not recorded' : formatMoney(u.purchaseCostCents)}</td>
                <td className={`${tdClass} ${num}`}>{percentText(u.roiPercent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function DepositsCard({ data }: { data: ReportsData }) {
  const totalShort = data.deposits.reduce((sum, d) => sum + d.shortCents, 0);
  return (
    <Card title="Deposits outstanding" actions={<CsvLink href={`${ENDPOINT}?format=csv&report=deposits`} label="deposits outstanding" />}>
      <p className="mb-3 text-sm text-slate-700">
        Open bookings whose payments are below the deposit, whatever the date range: upcoming events first (soonest first), then past events.
      </p>
      {data.deposits.length === 0 ? (
        <p className="text-sm text-slate-700">Every open booking has its deposit.</p>
      ) : (
        <div className="relative overflow-x-auto" tabIndex={0}>
          <table className={tableClass}>
            <caption className="sr-only">Deposits outstanding</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>Booking</th>
                <th scope="col" className={thClass}>Customer</th>
                <th scope="col" className={thClass}>Event</th>
                <th scope="col" className={thClass}>Status</th>
                <th scope="col" className={`${thClass} ${num}`}>Total</th>
                <th scope="col" className={`${thClass} ${num}`}>Deposit</th>
                <th scope="col" className={`${thClass} ${num}`}>Paid</th>
                <th scope="col" className={`${thClass} ${num}`}>Still due</th>
              </tr>
            </thead>
            <tbody>
              {data.deposits.map((d) => (
                <tr key={d.id}>
                  <th scope="row" className={tdClass}>
                    <a className="font-semibold text-brand-800 underline" href={adminPaths.booking(d.id)}>
                      {d.number}
                    </a>
                  </th>
                  <td className={tdClass}>{d.customerName}</td>
                  <td className={tdClass}>
                    {formatShortDate(d.eventDate)} {!d.upcoming && <Badge tone="bad">past</Badge>}
                  </td>
                  <td className={tdClass}>{d.status.replace(/_/g, ' ')}</td>
                  <td className={`${tdClass} ${num}`}>{formatMoney(d.totalCents)}</td>
                  <td className={`${tdClass} ${num}`}>{formatMoney(d.depositCents)}</td>
                  <td className={`${tdClass} ${num}`}>{formatMoney(d.paidCents)}</td>
                  <td className={`${tdClass} ${num} font-semibold`}>{formatMoney(d.shortCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-bold">
                <th scope="row" colSpan={7} className={`${tdClass} text-right`}>Total still due</th>
                <td className={`${tdClass} ${num}`}>{formatMoney(totalShort)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Card>
  );
}
