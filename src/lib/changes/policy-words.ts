import type { Locale } from '../i18n';
import { cancellationNow, cancellationTerms, cancellationTier, type ChangePolicy, creditTierExists } from './policy';

/*
 * The change and cancellation policy in the customer's language, for the Spanish tracking page. English
 * is policy.ts's own words, untouched; the Spanish follows the same cases line for line.
 */

const unit = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function limitsEs(policy: ChangePolicy) {
  const refund = unit(policy.cancellationRefundDays, 'día', 'días');
  const hasCredit = creditTierExists(policy);
  const credit = unit(policy.cancellationCreditHours, 'hora', 'horas');
  return { refund, hasCredit, credit, noRefundWithin: hasCredit ? credit : refund, months: unit(policy.creditExpiryMonths, 'mes', 'meses') };
}

function termsEs(policy: ChangePolicy): string[] {
  const { refund, hasCredit, credit, noRefundWithin } = limitsEs(policy);
  const lines = [
    policy.cancellationRefundDays === 0
      ? 'En cualquier momento antes de su evento: le devolvemos todo su depósito.'
      : `${refund} o más antes de su evento: le devolvemos todo su depósito.`,
  ];
  if (hasCredit) {
    lines.push(
      policy.cancellationCreditHours === 0
        ? `Menos de ${refund} antes: su depósito queda como crédito para una renta futura.`
        : `Menos de ${refund} pero al menos ${credit} antes: su depósito queda como crédito para una renta futura.`,
    );
  }
  if (policy.cancellationRefundDays > 0 && !(hasCredit && policy.cancellationCreditHours === 0)) {
    lines.push(`Menos de ${noRefundWithin} antes: el depósito no se devuelve.`);
  }
  lines.push(
    `Cambiar a otra fecha no cuesta nada ${policy.changeCutoffHours === 0 ? 'hasta su evento' : `con al menos ${unit(policy.changeCutoffHours, 'hora', 'horas')} de anticipación`}, si los artículos están libres en la nueva fecha. El mal tiempo siempre le da derecho a otra fecha.`,
  );
  return lines;
}

function nowEs(startsAt: Date, now: Date, policy: ChangePolicy): string {
  const { refund, credit, noRefundWithin, months } = limitsEs(policy);
  switch (cancellationTier(startsAt, now, policy)) {
    case 'refund':
      return policy.cancellationRefundDays === 0
        ? 'Si cancela ahora, le devolvemos todo su depósito.'
        : `Faltan ${policy.cancellationRefundDays === 1 ? '1 día o más' : `${policy.cancellationRefundDays} días o más`} para su evento: si cancela ahora, le devolvemos todo su depósito.`;
    case 'credit':
      return `Faltan menos de ${refund}${policy.cancellationCreditHours === 0 ? '' : ` pero más de ${credit}`} para su evento: si cancela ahora, todo su depósito se vuelve un crédito para una renta futura, válido por ${months}.`;
    case 'none':
      return `Faltan menos de ${noRefundWithin} para su evento: si cancela ahora, el depósito no se devuelve, salvo por el clima, que la política cubre aparte.`;
  }
}

/** The policy, one line per case, in `language`. */
export const cancellationTermsIn = (policy: ChangePolicy, language: Locale): string[] => (language === 'es' ? termsEs(policy) : cancellationTerms(policy));

/** What cancelling at `now` means for the booking, in `language`. */
export const cancellationNowIn = (startsAt: Date, now: Date, policy: ChangePolicy, language: Locale): string =>
  language === 'es' ? nowEs(startsAt, now, policy) : cancellationNow(startsAt, now, policy);
