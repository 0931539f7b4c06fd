import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, roundToWholeDollars } from '../../../lib/money';
import { staffClock } from '../shared/business';

/**
 * The report charts (recharts), loaded lazily by the screens so their tables show first. Charts
 * are pictures of the table printed beside them: hidden from assistive technology, which reads the
 * table instead (recharts' keyboard layer is off, so nothing inside is focusable).
 */

const BRAND = '#be185d';
const SKY = '#0369a1';
const SLATE = '#334155';

const dollars = (cents: number) => formatMoney(roundToWholeDollars(cents));
const tooltipMoney = (value: unknown) => formatMoney(Number(value));
/** 'Feb 2026', as the month column of the table beside the chart (the data's '2026-02' is for machines). */
const monthLabel = (month: unknown) => staffClock().month(String(month));
// A day on the axis and in the tooltip as every staff table writes it (not the bare ISO text).
const dayLabel = (day: unknown) => staffClock().mediumDate(String(day));

export function RevenueChart({ months }: { months: { month: string; bookedCents: number; collectedCents: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={months} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#cbd5e1" />
        <XAxis dataKey="month" tickFormatter={monthLabel} tick={{ fill: SLATE, fontSize: 12 }} />
        <YAxis tickFormatter={dollars} tick={{ fill: SLATE, fontSize: 12 }} width={72} />
        <Tooltip formatter={tooltipMoney} labelFormatter={monthLabel} />
        <Legend />
        <Bar dataKey="bookedCents" name="Booked (event month)" fill={BRAND} isAnimationActive={false} />
        <Bar dataKey="collectedCents" name="Collected (payment month)" fill={SKY} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function SalesChart({ rows }: { rows: { name: string; revenueCents: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 36 + 40)}>
      <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#cbd5e1" />
        <XAxis type="number" tickFormatter={dollars} tick={{ fill: SLATE, fontSize: 12 }} />
        <YAxis type="category" dataKey="name" width={150} tick={{ fill: SLATE, fontSize: 12 }} />
        <Tooltip formatter={tooltipMoney} />
        <Bar dataKey="revenueCents" name="Revenue" fill={BRAND} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function ViewsChart({ days }: { days: { day: string; views: number; visitors: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={days} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#cbd5e1" />
        <XAxis dataKey="day" tick={{ fill: SLATE, fontSize: 12 }} tickFormatter={dayLabel} />
        <YAxis allowDecimals={false} tick={{ fill: SLATE, fontSize: 12 }} width={40} />
        <Tooltip labelFormatter={dayLabel} />
        <Legend />
        <Line type="monotone" dataKey="views" name="Page views" stroke={BRAND} strokeWidth={2} dot={false} isAnimationActive={false} />
        <Line type="monotone" dataKey="visitors" name="Visitors" stroke={SKY} strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
