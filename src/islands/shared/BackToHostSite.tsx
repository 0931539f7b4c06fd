import { useEffect, useState } from 'react';
import { hostSiteReturnFor } from './host-site-return';
import { secondaryButtonClass } from './form-classes';
import { useWords } from './island-words';
import { interpolate } from '../../lib/i18n';

/**
 * After a booking made from the booking widget (issue #39): the way back to the owner's other website,
 * its thank-you page as the owner set it (a page of a listed site; the server checked both), on that
 * booking's page only, never a later booking's in the same tab (host-site-return.ts). Inside the
 * page's WordsProvider: its words say "Back to {host}" in the page's language.
 */
export function BackToHostSite({ bookingNumber }: { bookingNumber: string }) {
  const { hostSite } = useWords();
  const [target, setTarget] = useState<URL | null>(null);
  useEffect(() => {
    // Only on the page of the booking the widget's cart was placed with (host-site-return.ts).
    const thankYouUrl = hostSiteReturnFor(bookingNumber);
    if (!thankYouUrl) return;
    const url = new URL(thankYouUrl);
    url.searchParams.set('booking', bookingNumber);
    setTarget(url);
  }, [bookingNumber]);
  // Both pages that show it hand over its words (islandWords); without them there is nothing to say.
  if (!target || !hostSite) return null;
  return (
    <p className="mt-6">
      <a href={target.href} className={secondaryButtonClass}>
        {interpolate(hostSite.backTo, { host: target.hostname })}
      </a>
    </p>
  );
}
