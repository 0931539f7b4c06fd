import { bookingNumberExample, proposeBookingPrefix } from '../../../lib/reference';
import type { Draft } from './setup-draft';
import { draftTextField } from './draft-text-field';
import { Checkbox } from '../../shared/form-kit';

/** A draft flag (not sent: bodyOf sends only the schema's fields): the owner typed the prefix themselves. */
const prefixChosen = 'bookingPrefixChosen';

interface Props {
  draft: Draft;
  errors: Record<string, string>;
  set(key: string, value: Draft[string]): void;
  /** The step was saved before: the prefix the owner kept no longer follows the name. */
  saved: boolean;
}

/**
 * The setup's first step: the business's name and contact, and the letters its booking numbers start
 * with, proposed from the name's initials as the owner types it, until they type their own.
 */
export function SetupBusinessFields({ draft, errors, set, saved }: Props) {
  const text = draftTextField(draft, errors, set);
  const prefix = String(draft.bookingPrefix ?? '').toUpperCase();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {text('businessName', 'Business name', {
        onChange: (e) => {
          set('businessName', e.target.value);
          if (draft[prefixChosen] !== true && !saved) set('bookingPrefix', proposeBookingPrefix(e.target.value));
        },
      })}
      {text('tagline', 'Tagline', { optional: true })}
      {text('phone', 'Phone', { type: 'tel' })}
      {text('email', 'E-mail', { type: 'email' })}
      {text('bookingPrefix', 'Booking numbers start with', {
        maxLength: 4,
        autoCapitalize: 'characters',
        hint: `2 to 4 letters, proposed from your business’s initials: customers get booking numbers like ${bookingNumberExample(prefix || 'BB')}.`,
        onChange: (e) => {
          set('bookingPrefix', e.target.value.toUpperCase());
          set(prefixChosen, true);
        },
      })}
      <Checkbox
        name="offerSpanish"
        className="sm:col-span-2"
        label="Public site in Spanish too"
        hint="Your pages are also built in Spanish under /es/, with a language switch in the header. You can turn this off later in Settings."
        checked={draft.offerSpanish !== false}
        onChange={(e) => set('offerSpanish', e.target.checked)}
        error={errors.offerSpanish}
      />
    </div>
  );
}
