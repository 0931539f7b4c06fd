import { callAboutWords } from '../../../lib/site-check';

/**
 * What staff must call the customer about before the truck rolls (a booking's yard flags, issue #38):
 * highlighted wherever the yard shows, on the booking and at the stop.
 */
export function CallAbout({ flags }: { flags: readonly string[] }) {
  if (flags.length === 0) return null;
  return (
    <p role="note" className="mt-1 rounded-md border border-amber-400 bg-amber-50 px-2 py-1 text-sm text-amber-950">
      <strong>Call about:</strong> {flags.map(callAboutWords).join('; ')}
    </p>
  );
}
