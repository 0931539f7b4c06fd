import { primaryButtonClass, secondaryButtonClass } from './form-classes';

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
