import { primaryButtonClass, secondaryButtonClass } from '../shared/form-classes';

/** What a customer does next once booked or paid: sign the waiver (first), then track the order. */
export function NextStepLinks({ waiverHref, trackHref, margin }: { waiverHref: string; trackHref: string; margin: string }) {
  return (
    <ul className={`${margin} flex flex-wrap gap-3`}>
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
