import type { Locale } from '../i18n';

/*
 * The failed balance charge's e-mail in the booking's language (issue #40). English is exactly what it
 * always said; a word missing in Spanish fails `tsc`.
 */
export interface AutoChargeWords {
  subject: (amount: string, number: string) => string;
  hi: (firstName: string) => string;
  tried: (amount: string, when: string, why: string) => string;
  payFromTracking: (url: string) => string;
  orCall: (phone: string) => string;
  total: string;
  paidSoFar: string;
  balanceDue: string;
  /** Why the card was refused, by Stripe's decline code (anything else: declined). */
  declined: { authentication_required: string; expired_card: string; insufficient_funds: string; other: string };
}

const en: AutoChargeWords = {
  subject: (amount, number) => `We couldn’t charge the balance of ${amount} for booking ${number}`,
  hi: (firstName) => `Hi ${firstName},`,
  tried: (amount, when, why) => `We tried to charge the balance of ${amount} for your party on ${when} to the card you saved, but ${why}. Nothing was charged.`,
  payFromTracking: (url) => `Please pay the balance from your tracking page: ${url}`,
  orCall: (phone) => `Or call us at ${phone}. We won’t try that card again for this amount.`,
  total: 'Total',
  paidSoFar: 'Paid so far',
  balanceDue: 'Balance due',
  declined: {
    authentication_required: 'your bank wants you to confirm this payment yourself, which it cannot do while you are away',
    expired_card: 'the card has expired',
    insufficient_funds: 'the card was declined for insufficient funds',
    other: 'the card was declined',
  },
};

const es: AutoChargeWords = {
  subject: (amount, number) => `No pudimos cobrar el saldo de ${amount} de la reservación ${number}`,
  hi: (firstName) => `Hola, ${firstName}:`,
  tried: (amount, when, why) => `Intentamos cobrar el saldo de ${amount} de su fiesta del ${when} a la tarjeta que guardó, pero ${why}. No se cobró nada.`,
  payFromTracking: (url) => `Por favor pague el saldo desde la página de su reservación: ${url}`,
  orCall: (phone) => `O llámenos al ${phone}. No volveremos a intentar con esa tarjeta por este importe.`,
  total: 'Total',
  paidSoFar: 'Pagado hasta ahora',
  balanceDue: 'Saldo pendiente',
  declined: {
    authentication_required: 'su banco quiere que usted mismo confirme este pago, y eso no se puede hacer sin usted',
    expired_card: 'la tarjeta está vencida',
    insufficient_funds: 'la tarjeta fue rechazada por fondos insuficientes',
    other: 'la tarjeta fue rechazada',
  },
};

export const AUTO_CHARGE_WORDS: Record<Locale, AutoChargeWords> = { en, es };
