import type { BusinessSettings } from '../business';
import { interpolate, type Messages } from '../i18n';

/**
 * "How booking works" on the home page, in the page's language. The deposit step says how this business
 * takes the deposit, as its checkout does: by card when booking, or (pay later) by phone afterwards,
 * never a card a pay-later checkout does not ask for.
 */
export function homeSteps(
  words: Pick<Messages['home'], 'steps' | 'payDepositByCard' | 'payDepositLater'>,
  settings: Pick<BusinessSettings, 'paymentMode' | 'phone'>,
  values: Readonly<Record<string, string>>,
): { title: string; text: string }[] {
  const payDeposit = interpolate(settings.paymentMode === 'deposit_online' ? words.payDepositByCard : words.payDepositLater, { phone: settings.phone });
  return words.steps.map((step) => ({ title: step.title, text: interpolate(step.text, { ...values, payDeposit }) }));
}

/**
 * How the home page names the deposit, as checkout charges it (src/lib/pricing's quote): a percentage of
 * the order with its minimum when there is one ("30 %", " (at least $50)"), or the flat amount ("$100").
 * The page's words place them ("pay a {deposit} deposit{minimum}"); in Spanish the phrase carries its
 * preposition ("del 30 %", "de $100").
 */
export function depositWords(
  words: Pick<Messages['home'], 'depositPercent' | 'depositFlat' | 'depositMinimum'>,
  settings: Pick<BusinessSettings, 'depositMode' | 'depositPercent' | 'depositFlatCents' | 'depositMinimumCents'>,
  money: (cents: number) => string,
): { deposit: string; minimum: string } {
  if (settings.depositMode === 'flat') return { deposit: interpolate(words.depositFlat, { amount: money(settings.depositFlatCents) }), minimum: '' };
  return {
    deposit: interpolate(words.depositPercent, { percent: settings.depositPercent }),
    minimum: settings.depositMinimumCents > 0 ? interpolate(words.depositMinimum, { minimum: money(settings.depositMinimumCents) }) : '',
  };
}
