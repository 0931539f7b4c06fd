import { useState } from 'react';
import { adminApi, adminPaths, withSearch } from '../../../../lib/paths';
import { formatEventWindow } from '../../../../lib/time';
import { adminMutate } from '../../shared/admin-api';
import { staffClock } from '../../shared/business';
import { Card, secondaryButtonClass } from '../../shared/ui';
import { addressLines } from '../booking-text';
import type { CardProps } from './card-props';
import { Facts } from './Facts';
import { phoneHref } from '../../../../lib/i18n';

/** Who booked, when and where the party is, and how the booking came in. */
export function CustomerCard({ booking, reload, canManage }: CardProps & { canManage: boolean }) {
  return (
    <Card title="Customer and event">
      <Facts
        rows={[
          [
            'Customer',
            canManage ? (
              <a href={withSearch(adminPaths.customers, { id: booking.customerId })} className="text-brand-800 underline">
                {booking.customer.name}
              </a>
            ) : (
              booking.customer.name
            ),
          ],
          [
            'Phone',
            <a key="p" href={phoneHref(booking.customer.phone)} className="text-brand-800 underline">
              {booking.customer.phone}
            </a>,
          ],
          [
            'E-mail',
            <a key="e" href={`mailto:${booking.customer.email}`} className="text-brand-800 underline">
              {booking.customer.email}
            </a>,
          ],
          ['When', formatEventWindow(booking.event)],
          ['Where', addressLines(booking)],
          ['Customer notes', booking.address.notes || 'None'],
          ['Damage waiver', booking.damageWaiverAccepted ? 'Accepted' : 'Declined'],
          ['Booked', `${staffClock().timestamp(booking.createdAt)} (${booking.source})`],
        ]}
      />
      <ContactDifference booking={booking} reload={reload} canManage={canManage} />
    </Card>
  );
}

const contactFieldLabels = { name: 'name', email: 'e-mail', phone: 'phone' } as const;

/**
 * The booking's contact is what it was placed with. When the customer's record says otherwise (the
 * customer moved on, or someone else booked with their e-mail), staff see both and may copy the
 * booking's over, deliberately (audited): an online booking never does it by itself.
 */
function ContactDifference({ booking, reload, canManage }: CardProps & { canManage: boolean }) {
  const [busy, setBusy] = useState(false);
  if (booking.contactDiffers.length === 0) return null;
  const what = booking.contactDiffers.map((f) => contactFieldLabels[f]).join(', ');
  const copy = async () => {
    if (!confirm(`Replace the customer’s ${what} with this booking’s? Their other bookings keep their own contact.`)) return;
    setBusy(true);
    const result = await adminMutate(adminApi.bookings.one(booking.id, 'customer'), 'POST', { fields: booking.contactDiffers }, 'Customer record updated from this booking.');
    setBusy(false);
    if (result.ok) reload();
  };
  const r = booking.customerRecord;
  return (
    <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" role="note" data-testid="contact-differs">
      <p className="font-semibold text-slate-900">This booking’s {what} differ{booking.contactDiffers.length === 1 ? 's' : ''} from the customer’s record.</p>
      <p className="mt-1 text-slate-800">
        Customer record: {r.name} · {r.email} · {r.phone}
      </p>
      <p className="mt-1 text-slate-700">The booking keeps the contact it was placed with. Someone may have booked with another person’s e-mail: check before changing the record.</p>
      {canManage && (
        <button type="button" className={`${secondaryButtonClass} mt-2`} disabled={busy} onClick={() => void copy()}>
          Update the customer from this booking…
        </button>
      )}
    </div>
  );
}
