import { useEffect, useState, type MouseEvent } from 'react';
import { adminApi, adminPaths, withSearch } from '../../../lib/paths';
import { formatEventWindow } from '../../../lib/time';
import { adminMutate } from '../shared/admin-api';
import { useRecord } from '../shared/record-editor';
import { useStaff } from '../shared/staff';
import { LoadState, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import DeliverySheet from './DeliverySheet';
import { StatusBadge } from './StatusBadge';
import { CakesCard } from './detail/CakesCard';
import type { CardProps } from './detail/card-props';
import { CustomerCard } from './detail/CustomerCard';
import { HistoryCard } from './detail/HistoryCard';
import { ItemsCard } from './detail/ItemsCard';
import { LinksCard } from './detail/LinksCard';
import { NotesCard } from './detail/NotesCard';
import { LanguageCard } from './detail/LanguageCard';
import { PaymentsCard } from './detail/PaymentsCard';
import { RefundDue } from './detail/BookingRefund';
import { SiteCard } from './detail/SiteCard';
import { StatusCard } from './detail/StatusCard';
import { TruckCard } from './detail/TruckCard';
import { TextsCard } from './detail/TextsCard';
import { WaiversCard } from './detail/WaiversCard';
import { moneyStanding, recordPaymentId } from './detail/money-standing';
import { editableStatuses } from '../../../lib/staff-bookings';
import type { AdminBooking } from '../../../lib/staff-bookings/index.server';

/** The booking's id from /admin/bookings/{id} (one static page serves every booking). */
const bookingIdFromPath = () => (typeof location === 'undefined' ? null : (location.pathname.split('/').filter(Boolean)[2] ?? null));

/**
 * /admin/bookings/{id}: everything about one booking and what staff do with it, one card per concern
 * (./detail). Crew move it along the delivery path and add notes; managers also confirm, cancel, take
 * payments, refund and move units. The server checks every role again; hiding a button is only a
 * convenience. With ?view=delivery-sheet the same page prints the crew's sheet.
 */
export default function BookingDetail() {
  const [id] = useState(bookingIdFromPath);
  const { record, error, loading, reload } = useRecord(id ? adminApi.bookings.one(id) : null, (booking: AdminBooking) => booking);
  const sheet = typeof location !== 'undefined' && new URLSearchParams(location.search).get('view') === 'delivery-sheet';
  const number = record?.number;
  useEffect(() => {
    if (number) document.title = `${sheet ? 'Delivery sheet' : 'Booking'} ${number} | Admin`;
  }, [number, sheet]);

  if (!id) return <LoadState loading={false} error={{ code: 'not_found', message: 'No such booking.' }} />;
  if (!record) {
    return (
      <>
        <ScreenHeader title="Booking" />
        <LoadState loading={loading} error={error} />
      </>
    );
  }
  if (sheet) return <DeliverySheet booking={record} />;
  return <BookingScreen booking={record} reload={reload} />;
}

function BookingScreen({ booking, reload }: CardProps) {
  const { can } = useStaff();
  const manager = can('manager');
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const result = await adminMutate(adminApi.bookings.one(booking.id, 'resend'), 'POST', {}, `Booking e-mail sent to ${booking.customer.email}.`);
    setSending(false);
    if (result.ok) reload();
  };
  const live = booking.status !== 'cancelled' && booking.status !== 'expired';
  const card = { booking, reload };
  // On a phone the Payments card is far down: the money and its next step go in the header.
  const money = moneyStanding(booking, manager);
  // Focusing the Amount field brings it into view; the link's own jump would take the focus back to the page.
  const focusPaymentForm = (event: MouseEvent) => {
    const amount = document.querySelector<HTMLInputElement>(`#${recordPaymentId} input`);
    if (!amount) return;
    event.preventDefault();
    amount.focus();
  };

  return (
    <>
      <p className="mb-2 text-sm">
        <a href={adminPaths.bookings} className="font-semibold text-brand-800 underline">
          ← All bookings
        </a>
      </p>
      <ScreenHeader
        title={`Booking ${booking.number}`}
        description={
          <>
            <StatusBadge status={booking.status} /> {booking.customer.name} · {formatEventWindow(booking.event)}
            <span className="mt-1 block font-semibold text-slate-900" data-testid="money-summary">
              {money.summary}
              {money.next && (
                <>
                  {' · '}
                  {/* The jump lands in the form's Amount field, ready for the figure the caller gives. */}
                  <a href={money.next.href} className="text-brand-800 underline" onClick={focusPaymentForm}>
                    {money.next.label}
                  </a>
                </>
              )}
            </span>
          </>
        }
        actions={
          <>
            {manager && editableStatuses.includes(booking.status) && (
              <a href={adminPaths.bookingChange(booking.id)} className={secondaryButtonClass}>
                Change booking
              </a>
            )}
            <a href={withSearch(adminPaths.booking(booking.id), { view: 'delivery-sheet' })} className={secondaryButtonClass}>
              Delivery sheet
            </a>
            <a href={adminApi.bookings.one(booking.id, 'invoice')} className={secondaryButtonClass} download>
              Download invoice (PDF)
            </a>
            {live && (
              <button type="button" className={secondaryButtonClass} disabled={sending} onClick={() => void resend()}>
                Resend confirmation e-mail
              </button>
            )}
          </>
        }
      />
      <RefundDue booking={booking} canManage={manager} reload={reload} />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <StatusCard {...card} />
        <CustomerCard {...card} canManage={manager} />
        <SiteCard booking={booking} />
        <div className="min-w-0 xl:col-span-2">
          <ItemsCard {...card} canMove={manager} />
        </div>
        <div className="min-w-0 xl:col-span-2">
          <PaymentsCard {...card} canManage={manager} />
        </div>
        {live && <TruckCard {...card} />}
        <NotesCard {...card} />
        <LanguageCard {...card} />
        <WaiversCard booking={booking} />
        <LinksCard {...card} canRotate={manager} />
        {booking.cakes.length > 0 && <CakesCard booking={booking} />}
        {(booking.texts.configured || booking.texts.messages.length > 0) && <TextsCard booking={booking} />}
        <div className="min-w-0 xl:col-span-2">
          <HistoryCard booking={booking} />
        </div>
      </div>
    </>
  );
}
