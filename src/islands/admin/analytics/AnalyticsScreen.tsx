import { lazy } from 'react';
import type { AnalyticsData } from '../../../lib/analytics/analytics-report.server';
import { analyticsPresets } from '../../../lib/admin/range-presets';
import { formatShortDate } from '../../../lib/time/format';
import { useAdminData } from '../shared/admin-api';
import { Card, LoadState, ScreenHeader, tableClass, tdClass, thClass } from '../shared/ui';
import { ChartFigure } from './ChartFigure';
import { CsvLink } from '../shared/list';
import { csvUrl, RangeFilter, useRangeParam } from './range';
import { adminApi } from '../../../lib/paths';

const ViewsChart = lazy(() => import('./charts').then((m) => ({ default: m.ViewsChart })));

const ENDPOINT = adminApi.analytics;
const num = 'text-right tabular-nums';
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
              {formatShortDate(data.range.from)} {data.range.from.slice(0, 4)} to {formatShortDate(data.range.to)} {data.range.to.slice(0, 4)}: {data.totals.views.toLocaleString('en-US')} page views by {data.totals.visitors.toLocaleString('en-US')} visitors.
            </p>
            <FunnelCard data={data} />
            <DailyCard data={data} />
            <PagesCard data={data} />
          </div>
        )}
      </LoadState>
    </>
  );
}

function FunnelCard({ data }: { data: AnalyticsData }) {
  const first = Math.max(1, data.funnel[0]?.count ?? 0);
  return (
    <Card title="Booking funnel" actions={<CsvLink href={csvUrl(ENDPOINT, 'funnel', data.range)} label="booking funnel" />}>
      <p className="mb-3 text-sm text-slate-700">Events in the range at each step. Conversion is each step against the one before it and against the first.</p>
      <div className="relative overflow-x-auto" tabIndex={0}>
        <table className={tableClass}>
          <caption className="sr-only">Booking funnel</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>Step</th>
              <th scope="col" className={`${thClass} ${num}`}>Count</th>
              <th scope="col" className={`${thClass} ${num}`}>From previous step</th>
              <th scope="col" className={`${thClass} ${num}`}>From product views</th>
              <th scope="col" className={`${thClass} w-1/3`}>
                <span className="sr-only">Bar</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.funnel.map((step) => (
              <tr key={step.event} data-step={step.event}>
                <th scope="row" className={`${tdClass} font-semibold`}>{step.label}</th>
                <td className={`${tdClass} ${num}`}>{step.count.toLocaleString('en-US')}</td>
                <td className={`${tdClass} ${num}`}>{percentText(step.fromPreviousPercent)}</td>
                <td className={`${tdClass} ${num}`}>{percentText(step.fromFirstPercent)}</td>
                <td className={tdClass} aria-hidden="true">
                  <div className="h-4 rounded bg-brand-600" style={{ width: `${Math.min(100, (step.count / first) * 100)}%`, minWidth: step.count > 0 ? '0.25rem' : 0 }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function DailyCard({ data }: { data: AnalyticsData }) {
  return (
    <Card title="Page views per day" actions={<CsvLink href={csvUrl(ENDPOINT, 'daily', data.range)} label="page views per day" />}>
      <ChartFigure caption="Line chart of page views and visitors per day.">
        <ViewsChart days={data.daily} />
      </ChartFigure>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-brand-800">Table of page views per day</summary>
        <div className="mt-2 max-h-96 overflow-auto" tabIndex={0} role="region" aria-label="Page views per day">
          <table className={tableClass}>
            <caption className="sr-only">Page views per day</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>Day</th>
                <th scope="col" className={`${thClass} ${num}`}>Page views</th>
                <th scope="col" className={`${thClass} ${num}`}>Visitors</th>
              </tr>
            </thead>
            <tbody>
              {data.daily.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className={`${tdClass} font-normal`}>{formatShortDate(d.day)}</th>
                  <td className={`${tdClass} ${num}`}>{d.views}</td>
                  <td className={`${tdClass} ${num}`}>{d.visitors}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}

function PagesCard({ data }: { data: AnalyticsData }) {
  return (
    <Card title="Top pages" actions={<CsvLink href={csvUrl(ENDPOINT, 'pages', data.range)} label="top pages" />}>
      {data.pages.length === 0 ? (
        <p className="text-sm text-slate-700">No page views in this range.</p>
      ) : (
        <div className="relative overflow-x-auto" tabIndex={0}>
          <table className={tableClass}>
            <caption className="sr-only">Top pages</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>Page</th>
                <th scope="col" className={`${thClass} ${num}`}>Page views</th>
                <th scope="col" className={`${thClass} ${num}`}>Visitors</th>
              </tr>
            </thead>
            <tbody>
              {data.pages.map((p) => (
                <tr key={p.path}>
                  <th scope="row" className={`${tdClass} font-normal`}>
                    <a href={p.path} className="text-brand-800 underline">
                      {p.path}
                    </a>
                  </th>
                  <td className={`${tdClass} ${num}`}>{p.views}</td>
                  <td className={`${tdClass} ${num}`}>{p.visitors}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
