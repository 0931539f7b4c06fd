import type { ChangePolicy } from './policy';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The policy, one line per case, in Spanish (the /es cancellation policy page): the same cases and
 * numbers as cancellationTerms in policy.ts, which the English pages keep word for word.
 */
export function cancellationTermsEs(policy: ChangePolicy): string[] {
  const refund = plural(policy.cancellationRefundDays, 'día', 'días');
  const hasCredit = policy.cancellationCreditHours < policy.cancellationRefundDays * 24;
  const credit = plural(policy.cancellationCreditHours, 'hora', 'horas');
  const noRefundWithin = hasCredit ? credit : refund;
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
    `Cambiar a otra fecha es gratis ${policy.changeCutoffHours === 0 ? 'hasta su evento' : `con al menos ${plural(policy.changeCutoffHours, 'hora', 'horas')} de anticipación`}, si los artículos están libres en la nueva fecha. Si el clima no es seguro, siempre le damos un vale de lluvia.`,
  );
  return lines;
}
