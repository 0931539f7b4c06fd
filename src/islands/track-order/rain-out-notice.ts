import { interpolate, type Formats, type Messages } from '../../lib/i18n';
import { rainCheckChoices } from '../../lib/rain-outs';
import type { PublicBooking } from './use-track-order';

type RainOut = NonNullable<PublicBooking['rainOut']>;

/** What a rained-out party's customer may still choose (the rain-out e-mail's choices: rainCheckChoices), in the words of the tracking page. */
export function rainChoices(rainOut: RainOut, amountPaidCents: number, w: Messages['trackOrder']['timeline']['rainChoices']): string {
  const choices = rainCheckChoices(rainOut.offers, amountPaidCents).map(({ choice }) => w[choice]);
  return choices.length > 1 ? `${choices.slice(0, -1).join(', ')}${w.or}${choices.at(-1)}` : (choices[0] ?? '');
}

/** The step and the notice of a party the weather called off, while its customer has not chosen yet. */
export function rainOutNotice(b: PublicBooking & { rainOut: RainOut }, t: Messages['trackOrder']['timeline'], f: Formats, phone: string) {
  const date = f.longDate(b.rainOut.rainedOutOn);
  return {
    step: interpolate(t.rainedOut, { date }),
    notice: interpolate(t.rainCheck, {
      choices: rainChoices(b.rainOut, b.totals.amountPaidCents, t.rainChoices),
      date,
      day: f.longDate(b.rainOut.lastDayToAnswer),
      phone: f.phone(phone),
    }),
  };
}
