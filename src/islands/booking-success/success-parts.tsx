import { primaryButtonClass, secondaryButtonClass } from '../shared/form-classes';

/** Pieces the booking-success and payment-success pages share. */

/** What was booked, one line an item: "2 × Pink Castle". */
export function BookedItems({ items }: { items: { name: string; quantity: number }[] }) {
  return (
    <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
      {items.map((item) => (
        <li key={item.name}>
          {item.quantity} × {item.name}
        </li>
      ))}
    </ul>
  );
}

/** What a customer does next once booked or paid: sign the waiver (first), then track the order. */
export function NextStepLinks({
  waiverHref,
  trackHref,
  margin,
  words = { signWaiver: 'Sign the waiver', trackOrder: 'Track your order' },
}: {
  waiverHref: string;
  trackHref: string;
  margin: string;
  /** The booking-success page gives its page's words; the payment-success page is English only for now. */
  words?: { signWaiver: string; trackOrder: string };
}) {
  return (
    <ul className={`${margin} flex flex-wrap gap-3`}>
      <li>
        <a href={waiverHref} className={primaryButtonClass}>
          {words.signWaiver}
        </a>
      </li>
      <li>
        <a href={trackHref} className={secondaryButtonClass}>
          {words.trackOrder}
        </a>
      </li>
    </ul>
  );
}
