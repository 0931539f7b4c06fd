import type { ReactNode } from 'react';
import type { Dashboard as DashboardData, DashboardBooking } from '../../../lib/dashboard/index.server';
import { adminSections } from '../../../lib/admin';
import { hasRole } from '../../../lib/auth';
import { formatMoney } from '../../../lib/money';
import { answerByWords, rainOutStateLabels } from '../../../lib/rain-outs';
import { adminApi, adminPaths } from '../../../lib/paths';
import { formatTimeRange } from '../../../lib/time';
import AdminSession from '../shared/AdminSession';
import TimeZoneNote from '../shared/TimeZoneNote';
import { useAdminData } from '../shared/admin-api';
import { staffClock } from '../shared/business';
import { useStaff } from '../shared/staff';
import { Badge, BookingLink, Card, LoadState } from '../shared/ui';
import type { ApiError } from '../../shared/api';
import { BookingTable } from './BookingTable';
import { SetupFinished, SetupOffer } from './SetupNotices';

/** /admin: the day at a glance (no admin layout, per the spec), with the way into every screen. */
/** `issuer`: the business's name, which authenticator apps show for a staff account. */
export default function Dashboard({ issuer }: { issuer: string }) {
  const { staff } = useStaff();
  const { data, error, loading } = useAdminData<DashboardData>(adminApi.dashboard);
  // The business's clock, wherever the owner reads it from.
  const clock = staffClock();
  const clockOf = (iso: string) => clock.timeOf(new Date(iso));
  const time = (iso: string) => clock.time(new Date(iso));
  const day = (iso: string) => clock.mediumDate(new Date(iso));
  const bookingTable = (rows: DashboardBooking[], caption: string, when: (b: DashboardBooking) => string, extra?: (b: DashboardBooking) => ReactNode) => (
    <BookingTable rows={rows} caption={caption} when={when} extra={extra} />
  );
  const section = (title: string, rows: DashboardBooking[] | undefined, empty: string, render: (rows: DashboardBooking[]) => ReactNode) => (
    <Card title={`${title}${rows ? ` (${rows.length})` : ''}`}>
      <LoadState loading={loading} error={error} empty={rows && rows.length === 0 ? empty : undefined}>
        {rows && render(rows)}
      </LoadState>
    </Card>
  );

  return (
    <>
      <header className="relative flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <a href={adminPaths.home} className="text-lg font-extrabold text-brand-800">
          Party admin
        </a>
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <TimeZoneNote />
          <AdminSession issuer={issuer} />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
        <div>
          <h1 className="text-2xl font-bold">Dashboard</h1>
          <p className="text-sm text-slate-700">{data ? `Today is ${clock.mediumDate(data.today)}.` : 'Today at a glance.'}</p>
        </div>
        <SetupFinished />
        {staff?.role === 'owner' && <SetupOffer />}
        {data?.mail.delivery === 'not-configured' && (
          <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
            <h2 className="font-bold">E-mail is not being sent</h2>
            <p className="mt-1 text-sm">{data.mail.message}</p>
            <p className="mt-1 text-sm">The site owner sets SMTP_URL in Netlify (Site configuration → Environment variables) and redeploys.</p>
          </div>
        )}
        {data?.acknowledgementCapNotice && (
          <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
            <h2 className="font-bold">Form acknowledgements paused for today</h2>
            <p className="mt-1 text-sm">{data.acknowledgementCapNotice}</p>
          </div>
        )}
        {data?.accountingNotice && (
          <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
            <h2 className="font-bold">{data.accountingNotice.broken ? 'QuickBooks is disconnected' : 'Changes stuck on the way to QuickBooks'}</h2>
            <p className="mt-1 text-sm">{data.accountingNotice.message}</p>
            <p className="mt-2 text-sm">
              <a className="font-semibold text-brand-800 underline" href={data.accountingNotice.link}>
                Open the QuickBooks sync log
              </a>
            </p>
          </div>
        )}
        <nav aria-label="Admin sections">
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {adminSections
              .filter((s) => !staff || hasRole(staff.role, s.role))
              .map((s) => (
                <li key={s.href}>
                  <a href={s.href} className="block h-full rounded-xl border border-slate-200 bg-white p-3 hover:border-brand-300 hover:bg-brand-50">
                    <span className="font-bold text-brand-800">{s.label}</span>
                    <span className="mt-1 block text-sm text-slate-700">{s.description}</span>
                  </a>
                </li>
              ))}
          </ul>
        </nav>
        {section('Deliveries today', data?.todayEvents, 'No events start today.', (rows) => bookingTable(rows, 'Deliveries today', (b) => formatTimeRange(clockOf(b.eventStart), clockOf(b.eventEnd))))}
        {section('Pick-ups today', data?.pickups, 'Nothing to collect today.', (rows) => bookingTable(rows, 'Pick-ups today', (b) => `after ${time(b.eventEnd)}`))}
        {section('This week', data?.weekEvents, 'No events in the next 7 days.', (rows) => bookingTable(rows, 'Events in the next 7 days', (b) => `${day(b.eventStart)} ${time(b.eventStart)}`))}
        <div className="grid gap-6 lg:grid-cols-2">
          {section('Deposits due', data?.depositsDue, 'Every upcoming booking has its deposit.', (rows) =>
            bookingTable(rows, 'Deposits due', (b) => day(b.eventStart), (b) => (
              <>
                <p className="mt-1 text-sm">Paid {formatMoney(b.paidCents)} of {formatMoney(b.depositCents)}</p>
                {b.releasesAt && (
                  <p className="mt-1 text-sm">
                    Released {day(b.releasesAt)} {time(b.releasesAt)} unless paid or kept
                  </p>
                )}
              </>
            )),
          )}
          {section('Waivers missing', data?.waiversMissing, 'Every event this week has a signed waiver.', (rows) => bookingTable(rows, 'Events without a signed waiver', (b) => day(b.eventStart)))}
        </div>
        {data && data.rainOuts.length > 0 && (
          <Card title={`Rain-outs (${data.rainOuts.filter((r) => r.state === 'waiting').length} waiting)`}>
            <ul className="divide-y divide-slate-200" aria-label="Rain-outs">
              {data.rainOuts.map((r) => (
                <li key={r.bookingId} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                  <BookingLink id={r.bookingId} number={r.number} /> · {r.customerName} · rained out {clock.mediumDate(r.rainedOutOn)}
                  <Badge tone={r.state === 'waiting' ? 'warn' : 'good'}>{rainOutStateLabels[r.state]}</Badge>
                  {r.state === 'waiting' && <span>answer by {answerByWords(r.lastDayToAnswer)}</span>}
                </li>
              ))}
            </ul>
          </Card>
        )}
        {data && data.balanceChargesFailed.length > 0 &&
          section('Balance charges that failed', data.balanceChargesFailed, '', (rows) =>
            bookingTable(rows, 'Automatic balance charges that failed', (b) => day(b.eventStart), (b) => {
              const failed = data.balanceChargesFailed.find((f) => f.id === b.id);
              return (
                <p className="mt-1 text-sm text-red-800">
                  {formatMoney(failed?.chargeCents ?? 0)} not charged{failed?.chargeMessage ? `: ${failed.chargeMessage}` : ''}. The customer was e-mailed a payment link.
                </p>
              );
            }),
          )}
        <Card title={`Unconfirmed booking requests${data ? ` (${data.unconfirmedRequestCount})` : ''}`}>
          <LoadState loading={loading} error={error} empty={data && data.unconfirmedRequests.length === 0 ? 'Every pay-later booking from the website is confirmed by its customer.' : undefined}>
            <p className="mb-2 text-sm text-slate-700">
              Pay-later bookings from the website whose customer has not clicked “Confirm your booking request” in our e-mail yet. Each is released after its first hour unless
              confirmed, paid or kept: call the customer if you want to keep it (a made-up name or number is a sign of someone holding stock with a script).
            </p>
            {data &&
              data.unconfirmedRequests.length > 0 &&
              bookingTable(data.unconfirmedRequests, 'Unconfirmed booking requests', (b) => `event ${day(b.eventStart)}`, (b) => {
                const request = data.unconfirmedRequests.find((r) => r.id === b.id);
                return (
                  <p className="mt-1 text-sm">
                    {request?.customerEmail} · placed {time(request?.placedAt ?? b.eventStart)} · released {b.releasesAt ? `${day(b.releasesAt)} ${time(b.releasesAt)}` : '—'} unless confirmed
                  </p>
                );
              })}
          </LoadState>
        </Card>
        <Card title={`Released unpaid bookings, last 7 days${data ? ` (${data.releasedUnpaidCount})` : ''}`}>
          <LoadState loading={loading} error={error} empty={data && data.releasedUnpaid.length === 0 ? 'No unpaid booking was released in the last 7 days.' : undefined}>
            <p className="mb-2 text-sm text-slate-700">Website bookings nobody paid or kept by their deadline: their units are free again and the customer was told by e-mail.</p>
            <ul className="divide-y divide-slate-200" data-testid="released-unpaid">
              {data?.releasedUnpaid.map((b) => (
                <li key={b.id} className="py-2 text-sm">
                  <BookingLink id={b.id} number={b.number} />{' '}
                  · {b.customerName} · event {day(b.eventStart)} · {b.items} · released {day(b.releasedAt)} {time(b.releasedAt)}
                  {b.paidCents > 0 && (
                    <Badge tone="warn">Paid {formatMoney(b.paidCents)} after release: refund or offer other dates</Badge>
                  )}
                </li>
              ))}
            </ul>
          </LoadState>
        </Card>
        <div className="grid gap-6 lg:grid-cols-2">
          {(!staff || hasRole(staff.role, 'manager')) && (
            <NewRequests
              title="New quote requests"
              count={data?.newQuoteCount}
              all={{ href: adminPaths.quotes('new'), label: 'All quotes' }}
              items={data?.newQuotes.map((q) => ({ ...q, when: `event ${clock.mediumDate(q.eventDate)}` }))}
              empty="No new quote requests."
              loading={loading}
              error={error}
            />
          )}
          <NewRequests
            title="New cake orders"
            count={data?.newCakeOrderCount}
            all={{ href: adminPaths.cakeOrders, label: 'All cake orders' }}
            items={data?.newCakeOrders.map((c) => ({ ...c, when: `needed ${clock.mediumDate(c.neededOn)}` }))}
            empty="No new cake orders."
            loading={loading}
            error={error}
          />
        </div>
      </main>
    </>
  );
}

/** The newest requests of one kind waiting for staff (quotes, cake orders): number, name and date, with the way to all of them. */
function NewRequests({
  title,
  count,
  all,
  items,
  empty,
  loading,
  error,
}: {
  title: string;
  count: number | undefined;
  all: { href: string; label: string };
  items: { id: string; number: string; name: string; when: string }[] | undefined;
  empty: string;
  loading: boolean;
  error: ApiError | null;
}) {
  return (
    <Card title={`${title}${count !== undefined ? ` (${count})` : ''}`} actions={<a className="text-sm font-semibold text-brand-800 underline" href={all.href}>{all.label}</a>}>
      <LoadState loading={loading} error={error} empty={items && items.length === 0 ? empty : undefined}>
        <ul className="divide-y divide-slate-200">
          {items?.map((item) => (
            <li key={item.id} className="py-2 text-sm">
              <span className="font-semibold">{item.number}</span> · {item.name} · {item.when}
            </li>
          ))}
        </ul>
      </LoadState>
    </Card>
  );
}
