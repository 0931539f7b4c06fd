import { bookingCakeLine } from '../../../lib/booking';
import { addressLine, type DayRoute, type DayRun, formatMiles, gearTotal, type GearLine } from '../../../lib/day';
import { formatMoney } from '../../../lib/money';
import { adminPaths, withSearch } from '../../../lib/paths';
import { formatLongDate, formatTimeRange } from '../../../lib/time';
import { callAboutWords, loadWords } from '../../../lib/site-check';
import { PrintSheet } from '../shared/PrintSheet';
import { kindLabel } from './stops';

/** One truck's run on paper: black on white, the admin menu hidden in print (see day.astro). */
export function RunSheet({ run, route }: { run: DayRun; route: DayRoute }) {
  const loading = {
    out: run.loading.out.filter((l) => l.truckName === route.truckName),
    back: run.loading.back.filter((l) => l.truckName === route.truckName),
  };
  const gear = (lines: GearLine[]) => loadWords(gearTotal(lines.filter((l) => l.truckName === route.truckName))) || 'none';
  return (
    <PrintSheet name="run-sheet" back={{ href: withSearch(adminPaths.day, { date: run.date }), label: '← Back to the day' }} printLabel="Print run sheet">
      <header className="border-b-2 border-slate-900 pb-3">
        <h1 className="text-2xl font-bold">
          Run sheet · {route.truckName} · {formatLongDate(run.date)}
        </h1>
        <p>
          From and back to {run.warehouse.address}
          {route.miles !== null && route.stops.length > 0 && ` · about ${formatMiles(route.miles)}`}
        </p>
      </header>
      {route.stops.length === 0 && <p className="py-3">No stops.</p>}
      <ol>
        {route.stops.map((s, i) => (
          <li key={s.key} className="break-inside-avoid border-b border-slate-400 py-3">
            <h2 className="text-lg font-bold">
              {i + 1}. {kindLabel(s)} {formatTimeRange(s.window.from, s.window.until)} · {s.number}
            </h2>
            <p>
              {s.customer.name} · {s.customer.phone}
            </p>
            <p className="font-semibold">{addressLine(s.address)}</p>
            {s.rainedOut && <p className="font-bold">Rained out: don’t go. Nothing to load.</p>}
            <p hidden={s.rainedOut}>
              {s.kind === 'delivery' ? 'Load' : 'Bring back'}: {[...s.units.map((u) => `${u.label} ${u.productName}`), ...s.otherItems.map((x) => `${x.quantity} × ${x.name}`)].join('; ') || 'nothing listed'}
            </p>
            <p>
              Setup spot: {s.site.summary || 'not given, ask on arrival'}
              {loadWords(s.site.load) && ` · Gear: ${loadWords(s.site.load)}`}
            </p>
            {s.site.override && <p className="font-bold">{s.site.override}</p>}
            {s.site.flags.length > 0 && <p className="font-bold">Call about: {s.site.flags.map(callAboutWords).join('; ')}</p>}
            <p>
              Waiver: {s.waiversSigned > 0 ? 'signed' : 'NOT signed'} ·{' '}
              {s.balanceCents > 0 ? <strong>Collect {formatMoney(s.balanceCents, run.currency)}</strong> : 'Paid in full'}
              {/* The paper says what the phone says: a party still waiting for its deposit is not confirmed. */}
              {s.status === 'deposit_due' && s.depositDueCents > 0 && <strong> · NOT confirmed: collect at least {formatMoney(s.depositDueCents, run.currency)} to confirm it</strong>}
            </p>
            {s.customerNotes && <p>Customer notes: {s.customerNotes}</p>}
            {s.staffNotes && <p className="whitespace-pre-line">Staff notes: {s.staffNotes}</p>}
            {s.cakes.map((c) => (
              <p key={c.id}>
                Cake: {c.product}, {c.servings} servings ({bookingCakeLine(c)})
              </p>
            ))}
          </li>
        ))}
      </ol>
      <section className="py-3">
        <h2 className="text-sm font-bold uppercase tracking-wide">Loading list</h2>
        <p>Out: {loading.out.map((l) => l.label).join(', ') || 'none'}</p>
        <p>Back: {loading.back.map((l) => l.label).join(', ') || 'none'}</p>
        <p>Gear out: {gear(run.loading.gear.out)}</p>
        <p>Gear back: {gear(run.loading.gear.back)}</p>
      </section>
    </PrintSheet>
  );
}
