import { primaryButtonClass, secondaryButtonClass } from './form-classes';

/** Pieces the pages after a booking or a payment (booking-success, payment-success) show alike. */

/** What the booking rents, one line per item: "2 × Castle Bouncer". */
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

/**
 * The two things a customer does next with a booking just made or paid: sign the safety waiver (the
 * crew can't set up without it) and follow the booking on the tracking page.
 */
export function NextStepLinks({ waiverHref, trackHref, className }: { waiverHref: string; trackHref: string; className: string }) {
  return (
    <ul className={`${className} flex flex-wrap gap-3`}>
      <li>
        <a href={waiverHref} className={primaryButtonClass}>
          Sign the waiver
        </a>
      </li>
      <li>
        <a href={trackHref} className={secondaryButtonClass}>
          Track your order
        </a>
      </li>
    </ul>
  );
}
