import { signedMoney } from '../../../lib/pricing';
import { lazy, useMemo } from 'react';
import { reportPresets } from '../../../lib/admin';
import type { SalesRow } from '../../../lib/reports';
import type { ProductSales, ReportsData } from '../../../lib/reports/index.server';
import { formatMoney } from '../../../lib/money';
import { useAdminData } from '../shared/admin-api';
import { staffClock } from '../shared/business';
import { Badge, Card, LoadState, ScreenHeader, secondaryButtonClass, tdClass } from '../shared/ui';
import { DataTable, TotalsRow, type Column } from '../shared/DataTable';
import { ChartFigure } from '../analytics/ChartFigure';
import { CsvLink } from '../shared/list';
import { csvUrl, RangeFilter, useRangeParam } from '../analytics/range';
import { adminApi, adminPaths } from '../../../lib/paths';

const RevenueChart = lazy(() => import('../analytics/charts').then((m) => ({ default: m.RevenueChart })));
const SalesChart = lazy(() => import('../analytics/charts').then((m) => ({ default: m.SalesChart })));

const ENDPOINT = adminApi.reports;
const percentText = (p: number | null) => (p === null ? '—' : `${p.toLocaleString('en-US')} %`);
const monthLabel = (month: string) => staffClock().month(month);

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
              Showing {staffClock().mediumDate(data.range.from)} to {staffClock().mediumDate(data.range.to)} ({data.timeZone}).
            </p>
            <RevenueCard data={data} />
            <SalesCard title="Bookings by product" report="products" data={data} rows={data.products} withCategory />
            <SalesCard title="Bookings by category" report="categories" data={data} rows={data.categories} chart />
            <UnitsCard data={data} />
            <DepositsCard data={data} />
            <CreditsCard data={data} />
          </div>
        )}
      </LoadState>
    </>
  );
}

type Revenue = ReportsData['revenue']['total'] & { month?: string };
type Unit = ReportsData['units'][number];
type Deposit = ReportsData['deposits'][number];

const revenueColumns: Column<Revenue>[] = [
  { key: 'month', header: 'Month', rowHeader: true, cell: (m) => (m.month ? monthLabel(m.month) : 'Total') },
  { key: 'bookings', header: 'Bookings', numeric: true, cell: (m) => m.bookings },
  { key: 'booked', header: 'Booked', numeric: true, cell: (m) => formatMoney(m.bookedCents) },
  { key: 'adjustments', header: 'Staff adjustments', numeric: true, cell: (m) => signedMoney(m.adjustmentsCents) },
  { key: 'paid', header: 'Payments', numeric: true, cell: (m) => formatMoney(m.paidCents) },
  { key: 'refunded', header: 'Refunds', numeric: true, cell: (m) => formatMoney(m.refundedCents) },
  { key: 'collected', header: 'Collected', numeric: true, cell: (m) => formatMoney(m.collectedCents) },
];

function RevenueCard({ data }: { data: ReportsData }) {
  const { months, total } = data.revenue;
  return (
    <Card
      title="Revenue by month"
      actions={
        <div className="flex flex-wrap gap-2">
          <CsvLink href={csvUrl(ENDPOINT, 'revenue', data.range)} label="revenue by month" />
          <a href={csvUrl(ENDPOINT, 'journal', data.range)} download className={secondaryButtonClass}>
            Accountant’s journal (CSV)
          </a>
        </div>
      }
    >
      <p className="mb-3 text-sm text-slate-700">
        <strong>Booked</strong>: totals of bookings (not cancelled, expired or an unpaid checkout hold) by the month of the event. <strong>Collected</strong>: payments received minus refunds, by the month the money moved (payments from customers’ credit are not new money: see Credits). <strong>Staff adjustments</strong>: the discounts and surcharges staff added, part of Booked.
      </p>
      <ChartFigure caption="Bar chart of booked and collected revenue per month.">
        <RevenueChart months={months} />
      </ChartFigure>
      <DataTable caption="Revenue by month" columns={revenueColumns} rows={months} rowKey={(m) => m.month!} empty="No months in this range." footFirstOnPhone foot={<TotalsRow columns={revenueColumns} row={total} />} />
    </Card>
  );
}

const salesColumns = (withCategory: boolean): Column<SalesRow | ProductSales>[] => [
  { key: 'name', header: withCategory ? 'Product' : 'Category', rowHeader: true, cell: (r) => r.name },
  ...(withCategory ? [{ key: 'category', header: 'Category', cell: (r: SalesRow | ProductSales) => (r as ProductSales).category }] : []),
  { key: 'bookings', header: 'Bookings', numeric: true, cell: (r) => r.bookings },
  { key: 'units', header: 'Units', numeric: true, cell: (r) => r.units },
  { key: 'revenue', header: 'Revenue', numeric: true, cell: (r) => formatMoney(r.revenueCents) },
];

function SalesCard({ title, report, data, rows, withCategory = false, chart = false }: { title: string; report: string; data: ReportsData; rows: (SalesRow | ProductSales)[]; withCategory?: boolean; chart?: boolean }) {
  const columns = useMemo(() => salesColumns(withCategory), [withCategory]);
  return (
    <Card title={title} actions={<CsvLink href={csvUrl(ENDPOINT, report, data.range)} label={title.toLowerCase()} />}>
      <p className="mb-3 text-sm text-slate-700">Lines of bookings with the event in the range. Revenue is the rental price of the lines, before delivery, damage waiver, tax and discounts.</p>
      {chart && rows.length > 0 && (
        <ChartFigure caption={`Bar chart of revenue per ${withCategory ? 'product' : 'category'}.`}>
          <SalesChart rows={rows} />
        </ChartFigure>
      )}
      <DataTable caption={title} columns={columns} rows={rows} rowKey={(r) => r.key} empty="No bookings in this range." />
    </Card>
  );
}

const unitColumns: Column<Unit>[] = [
  {
    key: 'unit',
    header: 'Unit',
    rowHeader: true,
    cell: (u) => (
      <>
        {u.productName} <span className="font-normal text-slate-700 max-sm:whitespace-nowrap">· {u.label}</span> {u.status !== 'available' && <Badge tone={u.status === 'retired' ? 'neutral' : 'warn'}>{u.status}</Badge>}
      </>
    ),
  },
  { key: 'bookings', header: 'Bookings', numeric: true, cell: (u) => u.bookings },
  { key: 'days', header: 'Days out', numeric: true, cell: (u) => u.bookedDays },
  { key: 'utilisation', header: 'Utilisation', numeric: true, cell: (u) => percentText(u.utilisationPercent) },
  { key: 'revenue', header: 'Revenue', numeric: true, cell: (u) => formatMoney(u.revenueCents) },
  { key: 'perDay', header: 'Per day out', numeric: true, cell: (u) => (u.revenuePerBookedDayCents === null ? '—' : formatMoney(u.revenuePerBookedDayCents)) },
  { key: 'cost', header: 'Purchase cost', numeric: true, cell: (u) => (u.purchaseCostCents === null ? 'not recorded' : formatMoney(u.purchaseCostCents)) },
  { key: 'roi', header: 'Revenue ÷ cost', numeric: true, cell: (u) => percentText(u.roiPercent) },
];

function UnitsCard({ data }: { data: ReportsData }) {
  return (
    <Card title="Utilisation and return per unit" actions={<CsvLink href={csvUrl(ENDPOINT, 'units', data.range)} label="utilisation and return per unit" />}>
      <p className="mb-3 text-sm text-slate-700">
        Days out: days of the range the unit was at an event. Revenue: its share of the lines it served (a package line is shared by product price). Revenue ÷ cost: that revenue against the unit's purchase cost.
      </p>
      <DataTable caption="Utilisation and return per unit" columns={unitColumns} rows={data.units} rowKey={(u) => u.id} empty="No units." pairsOnPhone />
    </Card>
  );
}

const depositColumns: Column<Deposit>[] = [
  { key: 'number', header: 'Booking', rowHeader: true, cell: (d) => d.number },
  { key: 'customer', header: 'Customer', cell: (d) => d.customerName },
  {
    key: 'event',
    header: 'Event',
    cell: (d) => (
      <>
        {staffClock().mediumDate(d.eventDate)} {!d.upcoming && <Badge tone="bad">past</Badge>}
      </>
    ),
  },
  { key: 'status', header: 'Status', cell: (d) => d.status.replace(/_/g, ' ') },
  { key: 'total', header: 'Total', numeric: true, cell: (d) => formatMoney(d.totalCents) },
  { key: 'deposit', header: 'Deposit', numeric: true, cell: (d) => formatMoney(d.depositCents) },
  { key: 'paid', header: 'Paid', numeric: true, cell: (d) => formatMoney(d.paidCents) },
  { key: 'short', header: 'Still due', numeric: true, className: 'font-semibold', cell: (d) => formatMoney(d.shortCents) },
];

function DepositsCard({ data }: { data: ReportsData }) {
  const totalShort = data.deposits.reduce((sum, d) => sum + d.shortCents, 0);
  return (
    <Card title="Deposits outstanding" actions={<CsvLink href={`${ENDPOINT}?format=csv&report=deposits`} label="deposits outstanding" />}>
      <p className="mb-3 text-sm text-slate-700">
        Open bookings whose payments are below the deposit, whatever the date range: upcoming events first (soonest first), then past events.
      </p>
      <DataTable
        caption="Deposits outstanding"
        columns={depositColumns}
        rows={data.deposits}
        rowKey={(d) => d.id}
        rowHref={(d) => adminPaths.booking(d.id)}
        empty="Every open booking has its deposit."
        footFirstOnPhone
        foot={
          <tr className="font-bold">
            <th scope="row" colSpan={7} className={`${tdClass} text-right`}>
              Total still due
            </th>
            <td className={`${tdClass} text-right tabular-nums`}>{formatMoney(totalShort)}</td>
          </tr>
        }
      />
    </Card>
  );
}

type CreditRow = ReportsData['credits']['total'] & { month?: string };
const countAndMoney = (count: number, cents: number) => `${count} · ${formatMoney(cents)}`;
const creditColumns: Column<CreditRow>[] = [
  { key: 'month', header: 'Month', rowHeader: true, cell: (m) => (m.month ? monthLabel(m.month) : 'Total') },
  { key: 'issued', header: 'Issued', numeric: true, cell: (m) => countAndMoney(m.issuedCount, m.issuedCents) },
  { key: 'used', header: 'Used', numeric: true, cell: (m) => countAndMoney(m.usedCount, m.usedCents) },
  { key: 'expired', header: 'Expired', numeric: true, cell: (m) => countAndMoney(m.expiredCount, m.expiredCents) },
];

function CreditsCard({ data }: { data: ReportsData }) {
  const { months, total } = data.credits;
  return (
    <Card title="Credits by month" actions={<CsvLink href={csvUrl(ENDPOINT, 'credits', data.range)} label="credits by month" />}>
      <p className="mb-3 text-sm text-slate-700">
        How many and how much: <strong>Issued</strong> by the day given; <strong>Used</strong> on bookings by the day spent, less what refunds gave back to credit; <strong>Expired</strong>: what was left of a credit when its last day passed.
      </p>
      <DataTable caption="Credits by month" columns={creditColumns} rows={months} rowKey={(m) => m.month!} empty="No months in this range." footFirstOnPhone foot={<TotalsRow columns={creditColumns} row={total} />} />
    </Card>
  );
}
