import { lazy } from 'react';
import type { AnalyticsData } from '../../../lib/analytics/index.server';
import { analyticsPresets } from '../../../lib/admin';
import { formatMediumDate } from '../../../lib/time';
import { useAdminData } from '../shared/admin-api';
import { staffClock } from '../shared/business';
import { Card, LoadState, ScreenHeader } from '../shared/ui';
import { DataTable, type Column } from '../shared/DataTable';
import { ChartFigure } from './ChartFigure';
import { CsvLink } from '../shared/list';
import { csvUrl, RangeFilter, useRangeParam } from './range';
import { adminApi } from '../../../lib/paths';

const ViewsChart = lazy(() => import('./charts').then((m) => ({ default: m.ViewsChart })));

const ENDPOINT = adminApi.analytics;
const percentText = (p: number | null) => (p === null ? '—' : `${p.toLocaleString('en-US')} %`);

/** /admin/analytics: first-party page views, top pages and the booking funnel. */
export default function AnalyticsScreen() {
  const { range, setRange, query } = useRangeParam();
  const { data, error, loading } = useAdminData<AnalyticsData>(`${ENDPOINT}${query ? `?${query}` : ''}`);
  const shown = data?.range ?? { from: range.from ?? '', to: range.to ?? '' };

  return (
    <>
      <ScreenHeader
        title="Analytics"
        description="Collected by this site itself: no cookies, no third party, nothing from browsers that ask not to be tracked (Do Not Track, Global Privacy Control) or from crawlers."
      />
      {data || error ? <RangeFilter value={shown} presets={analyticsPresets(data?.today ?? shown.to)} onChange={setRange} fieldErrors={error?.fields} /> : null}
      <LoadState loading={loading} error={error && !error.fields ? error : null}>
        {data && (
          <div className="grid gap-4" aria-busy={loading}>
            <p className="text-sm text-slate-700" role="status">
              {staffClock().mediumDate(data.range.from)} to {staffClock().mediumDate(data.range.to)}: {data.totals.views.toLocaleString('en-US')} page views by {data.totals.visitors.toLocaleString('en-US')} visitors.
            </p>
            <FunnelCard data={data} />
            <DailyCard data={data} />
            <PagesCard data={data} />
            {data.hosts.length > 0 && <HostsCard hosts={data.hosts} />}
          </div>
        )}
      </LoadState>
    </>
  );
}

type Funnel = AnalyticsData['funnel'][number];
type Day = AnalyticsData['daily'][number];
type TopPage = AnalyticsData['pages'][number];

const viewColumns = <R extends { views: number; visitors: number }>(): Column<R>[] => [
  { key: 'views', header: 'Page views', numeric: true, cell: (r) => r.views },
  { key: 'visitors', header: 'Visitors', numeric: true, cell: (r) => r.visitors },
];

function FunnelCard({ data }: { data: AnalyticsData }) {
  const first = Math.max(1, data.funnel[0]?.count ?? 0);
  const columns: Column<Funnel>[] = [
    { key: 'step', header: 'Step', rowHeader: true, cell: (step) => step.label },
    { key: 'count', header: 'Count', numeric: true, cell: (step) => step.count.toLocaleString('en-US') },
    { key: 'previous', header: 'From previous step', numeric: true, cell: (step) => percentText(step.fromPreviousPercent) },
    { key: 'first', header: 'From product views', numeric: true, cell: (step) => percentText(step.fromFirstPercent) },
    {
      key: 'bar',
      header: <span className="sr-only">Bar</span>,
      headerClassName: 'w-1/3',
      cell: (step) => <div aria-hidden="true" className="h-4 rounded bg-brand-600" style={{ width: `${Math.min(100, (step.count / first) * 100)}%`, minWidth: step.count > 0 ? '0.25rem' : 0 }} />,
    },
  ];
  return (
    <Card title="Booking funnel" actions={<CsvLink href={csvUrl(ENDPOINT, 'funnel', data.range)} label="booking funnel" />}>
      <p className="mb-3 text-sm text-slate-700">Events in the range at each step. Conversion is each step against the one before it and against the first.</p>
      <DataTable caption="Booking funnel" columns={columns} rows={data.funnel} rowKey={(step) => step.event} rowAttributes={(step) => ({ 'data-step': step.event })} empty="No steps." />
    </Card>
  );
}

const dailyColumns: Column<Day>[] = [{ key: 'day', header: 'Day', rowHeader: true, className: '!font-normal', cell: (d) => formatMediumDate(d.day) }, ...viewColumns<Day>()];

function DailyCard({ data }: { data: AnalyticsData }) {
  return (
    <Card title="Page views per day" actions={<CsvLink href={csvUrl(ENDPOINT, 'daily', data.range)} label="page views per day" />}>
      <ChartFigure caption="Line chart of page views and visitors per day.">
        <ViewsChart days={data.daily} />
      </ChartFigure>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-brand-800">Table of page views per day</summary>
        <DataTable caption="Page views per day" columns={dailyColumns} rows={data.daily} rowKey={(d) => d.day} empty="No page views in this range." scrollClassName="mt-2 max-h-96 overflow-y-auto" />
      </details>
    </Card>
  );
}

const pageColumns: Column<TopPage>[] = [
  {
    key: 'page',
    header: 'Page',
    rowHeader: true,
    className: '!font-normal',
    cell: (p) => (
      <a href={p.path} className="text-brand-800 underline">
        {p.path}
      </a>
    ),
  },
  ...viewColumns<TopPage>(),
];

function PagesCard({ data }: { data: AnalyticsData }) {
  return (
    <Card title="Top pages" actions={<CsvLink href={csvUrl(ENDPOINT, 'pages', data.range)} label="top pages" />}>
      <DataTable caption="Top pages" columns={pageColumns} rows={data.pages} rowKey={(p) => p.path} empty="No page views in this range." />
    </Card>
  );
}

type Host = AnalyticsData['hosts'][number];
const hostColumns: Column<Host>[] = [
  { key: 'origin', header: 'Website', rowHeader: true, className: '!font-normal', cell: (h) => h.origin },
  { key: 'views', header: 'Product views', numeric: true, cell: (h) => h.views.toLocaleString('en-US') },
  { key: 'adds', header: 'Added to cart', numeric: true, cell: (h) => h.adds.toLocaleString('en-US') },
  { key: 'bookings', header: 'Bookings', numeric: true, cell: (h) => h.bookings.toLocaleString('en-US') },
];

/** The booking widget on the owner's other websites (Settings → Add to your website): what each brought. */
function HostsCard({ hosts }: { hosts: Host[] }) {
  return (
    <Card title="Booking widget on your websites">
      <DataTable caption="Booking widget on your websites" columns={hostColumns} rows={hosts} rowKey={(h) => h.origin} empty="No widget activity in this range." />
    </Card>
  );
}
