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
