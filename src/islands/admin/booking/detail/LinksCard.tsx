import { useState } from 'react';
import { adminApi } from '../../../../lib/paths';
import { adminMutate } from '../../shared/admin-api';
import { Card, secondaryButtonClass } from '../../shared/ui';
import type { CardProps } from './card-props';
import { Facts } from './Facts';

const warnings = {
  invoice: 'Make a new invoice link? The link in the e-mails already sent stops working at once; the tracking page shows the new one.',
  guest: 'Make a new guest waiver link? The party QR code and share link already handed out (printed ones too) stop working at once.',
} as const;

const done = {
  invoice: 'New invoice link made; the old one no longer works.',
  guest: 'New guest waiver link made; the old QR code no longer works.',
} as const;

/**
 * The two links that open something without a login, each for one purpose. New secrets end the old
 * links at once: a printed party QR code stops working, so staff confirm first.
 */
export function LinksCard({ booking, reload, canRotate }: CardProps & { canRotate: boolean }) {
  const [busy, setBusy] = useState(false);
  const rotate = async (links: 'invoice' | 'guest') => {
    if (!confirm(warnings[links])) return;
    setBusy(true);
    const result = await adminMutate(adminApi.bookings.one(booking.id, 'links'), 'POST', { links }, done[links]);
    setBusy(false);
    if (result.ok) reload();
  };
  const absolute = (path: string) => (typeof location === 'undefined' ? path : new URL(path, location.origin).toString());
  return (
    <Card title="Customer links">
      <Facts
        rows={[
          [
            'Invoice',
            <a key="i" href={booking.links.invoice} className="text-brand-800 underline" data-testid="customer-invoice-link">
              {absolute(booking.links.invoice)}
            </a>,
          ],
          [
            'Guest waiver',
            <a key="g" href={booking.links.guestWaiver} className="text-brand-800 underline" data-testid="guest-waiver-link">
              {absolute(booking.links.guestWaiver)}
            </a>,
          ],
        ]}
      />
      <p className="mt-2 text-xs text-slate-700">The invoice link shows the renter’s contact details and payments: it is in their e-mails and on the tracking page. The guest link (the party QR code) opens only the waiver.</p>
      {canRotate && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void rotate('invoice')}>
            New invoice link…
          </button>
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void rotate('guest')}>
            New guest waiver link…
          </button>
        </div>
      )}
    </Card>
  );
}
