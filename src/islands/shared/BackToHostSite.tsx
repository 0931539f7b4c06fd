import { useEffect, useState } from 'react';
import { loadEmbedVia } from '../cart/embed-via';
import { secondaryButtonClass } from './form-classes';

/**
 * After a booking made from the booking widget (issue #39): the way back to the owner's other website,
 * its thank-you page as the owner set it (a page of a listed site; the server checked both).
 */
export function BackToHostSite({ bookingNumber }: { bookingNumber: string }) {
  const [target, setTarget] = useState<URL | null>(null);
  useEffect(() => {
    const via = loadEmbedVia();
    if (!via?.thankYouUrl) return;
    const url = new URL(via.thankYouUrl);
    url.searchParams.set('booking', bookingNumber);
    setTarget(url);
  }, [bookingNumber]);
  if (!target) return null;
  return (
    <p className="mt-6">
      <a href={target.href} className={secondaryButtonClass}>
        Back to {target.hostname}
      </a>
    </p>
  );
}
