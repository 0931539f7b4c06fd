import { formatClock, formatMediumDate, isClock, isIsoDate } from '../../../../lib/time';
import { itemsStaffChose, type EditorValues } from '../booking-editor-values';
import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';

/** The part of a booking a change can move, as the preview compares it (its cakes move with the party's date). */
type Before = Pick<AdminBooking, 'event' | 'items' | 'address' | 'site'> & Partial<Pick<AdminBooking, 'cakes' | 'rainOutWaiting'>>;

const date = (iso: string) => (isIsoDate(iso) ? formatMediumDate(iso) : iso);
const time = (hhmm: string) => (isClock(hhmm) ? formatClock(hhmm) : hhmm);
const place = (a: { line1: string; city: string; zip: string }) => [a.line1, a.city, a.zip].filter(Boolean).join(', ');
const counted = (name: string, quantity: number) => (quantity > 1 ? `${name} × ${quantity}` : name);

/**
 * What a change does besides money, one line each, in words staff read back to the caller:
 * 'Date: Sat, Jan 9 → Sat, Jan 16', 'Starts: 10:00 AM → 11:00 AM', '+ Water Slide', '− Bounce House',
 * 'Table & Chair Set: 1 → 2', 'Address: 9 Elm St, Springfield, 62704 → …', and each cake ordered with
 * the booking that moves with the party's date (saying when that overrides its last day to change).
 * `name` names a product added.
 */
export function describeChange(before: Before, after: EditorValues, name: (product: string) => string): string[] {
  const lines: string[] = [];
  const was = before.event;
  if (after.date && after.date !== was.date) lines.push(`Date: ${date(was.date)} → ${date(after.date)}`);
  const wasEnd = was.endDate && was.endDate !== was.date ? was.endDate : '';
  if (after.endDate !== wasEnd)
    lines.push(
      `Ends on: ${wasEnd ? date(wasEnd) : 'the same day'} → ${after.endDate ? date(after.endDate) : 'the same day'}`,
    );
  if (after.start && after.start !== was.start) lines.push(`Starts: ${time(was.start)} → ${time(after.start)}`);
  if (after.end && after.end !== was.end) lines.push(`Ends: ${time(was.end)} → ${time(after.end)}`);
  // Saving a new window answers a waiting rain-out offer for the customer (the server's changeBooking): said before staff save.
  const windowMoves = lines.length > 0;
  if (before.rainOutWaiting && windowMoves)
    lines.push('Rain-out offer: answered as moved to the new date, so the customer can no longer take a credit or a refund');

  // The generators the outlet answer brought are not items staff change: the price adds or drops them.
  const beforeItems = itemsStaffChose(before);
  const kept = new Map(after.items.map((i) => [i.product, i.quantity]));
  for (const item of beforeItems) {
    const quantity = kept.get(item.product);
    if (quantity === undefined) lines.push(`− ${counted(item.name, item.quantity)}`);
    else if (/^\d+$/.test(quantity.trim()) && Number(quantity) !== item.quantity)
      lines.push(`${item.name}: ${item.quantity} → ${Number(quantity)}`);
  }
  const had = new Set(beforeItems.map((i) => i.product));
  for (const item of after.items) {
    if (!had.has(item.product))
      lines.push(`+ ${counted(name(item.product), /^\d+$/.test(item.quantity.trim()) ? Number(item.quantity) : 1)}`);
  }

  const wasPlace = place(before.address);
  const nowPlace = place(after.address);
  if (nowPlace !== wasPlace) lines.push(`Address: ${wasPlace} → ${nowPlace}`);

  // Saving moves the cakes with the party (the server's cakesOnStaffMove), even past their last day: said before staff save.
  if (isIsoDate(after.date)) {
    for (const c of before.cakes ?? []) {
      if (c.status === 'delivered' || c.neededOn === after.date) continue;
      lines.push(
        `Cake order ${c.number}: ${date(c.neededOn)} → ${date(after.date)}${c.changeClosed ? ` (past its last day to change, ${date(c.lastChangeDay)}: the bakery may have started on it)` : ''}`,
      );
    }
  }
  return lines;
}
