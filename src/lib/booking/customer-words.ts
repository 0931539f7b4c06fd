import { formatsFor, fullStopAfter, type Locale } from '../i18n';
import { formatMoney } from '../money';
import { formatClock, formatDayMonth, formatShortDate, localDate, localTime } from '../time';

/*
 * The words of what a customer receives about a booking (issue #40), in the booking's language: the
 * confirmation and its calendar invite, the change, cancellation and "change or cancel" e-mails, and
 * the figures every booking e-mail repeats. English is exactly what the e-mails always said (the SPEC's
 * words); the Spanish is natural US Spanish ("brincolín", "renta", "usted"). A word missing in Spanish
 * fails `tsc` (both satisfy BookingWords); customer-words.test.ts checks the Spanish leaves no English.
 * The admin and the business's own notices stay in English.
 */

/** A booking's money, dates and times as its language writes them. English: the hand-written formats the e-mails always used. */
export interface CustomerFormats {
  money: (cents: number, currency?: string) => string;
  /** '2026-07-04' → 'July 4' / '4 de julio'. */
  dayMonth: (isoDate: string) => string;
  /** '14:00' → '2:00 PM' / '2:00 p.m.'. */
  clock: (time: string) => string;
  /** A deadline in the business's time zone: 'Sat, Nov 28 at 2:00 PM' / 'sáb, 28 de nov a las 2:00 p.m.' ('a la 1:00 p.m.'). */
  deadline: (instant: Date, timeZone: string) => string;
}

export function customerFormats(language: Locale): CustomerFormats {
  let formats = formatsByLanguage.get(language);
  if (!formats) formatsByLanguage.set(language, (formats = makeCustomerFormats(language)));
  return formats;
}

/**
 * Made once per language: a booking's confirmation asks for them about ten times (each line of its
 * figures, each date and time), and each time made four new functions.
 */
const formatsByLanguage = new Map<Locale, CustomerFormats>();

function makeCustomerFormats(language: Locale): CustomerFormats {
  if (language === 'en') {
    return {
      money: (cents, currency) => formatMoney(cents, currency),
      dayMonth: formatDayMonth,
      clock: (time) => formatClock(time),
      deadline: (instant, timeZone) => {
        const date = localDate(instant, timeZone);
        return `${formatShortDate(date).split(',')[0]}, ${formatDayMonth(date)} at ${formatClock(localTime(instant, timeZone))}`;
      },
    };
  }
  const f = formatsFor(language);
  // 'sábado, 4 de julio de 2026' without the weekday and the year.
  const dayMonth = (isoDate: string) => f.longDate(isoDate).replace(/^[^,]*, /, '').replace(/ de \d{4}$/, '');
  return {
    money: (cents, currency) => f.money(cents, currency),
    dayMonth,
    clock: f.clock,
    deadline: (instant, timeZone) => `${f.shortDate(localDate(instant, timeZone))} ${f.atClock(localTime(instant, timeZone))}`,
  };
}

/** The figures of a booking e-mail, by line. */
export interface PriceWords {
  subtotal: string;
  discount: string;
  damageWaiver: string;
  delivery: string;
  /** A delivery fee of nothing, as the pages write it (the cart, the checkout, the tracking page). */
  freeDelivery: string;
  salesTax: string;
  total: string;
  deposit: string;
  paidSoFar: string;
  balanceDue: string;
}

export interface BookingWords {
  price: PriceWords;
  /** To an address nothing vouches for yet: no typed name. */
  greeting: string;
  /** To the customer of a confirmed booking, by the first name they gave (as the receipt greets them). */
  hi: (firstName: string) => string;
  when: string;
  where: string;
  track: string;
  signWaiver: string;
  invoice: string;
  confirmRequest: string;
  changeOrCancel: string;
  subject: { changed: (n: string) => string; confirmed: (n: string) => string; toConfirm: (n: string) => string; received: (n: string) => string; cancelled: (n: string) => string; manage: (n: string) => string };
  /** 'your $100 deposit' / 'the $40 left of your $100 deposit'. */
  depositToPay: (deposit: string, left: string | null) => string;
  howToPayOnline: string;
  howToPayByPhone: (phone: string) => string;
  toConfirm: (by: string, deposit: string, howToPay: string, keptUntil: string) => string;
  changedByCustomer: (when: string) => string;
  changedByStaff: string;
  overpaid: (amount: string) => string;
  /** A change that raised the total, as the tracking page says it: by how much, and what to do about it. */
  raised: (total: string, difference: string) => string;
  payDifference: (amount: string, howToPay: string) => string;
  balanceNow: (amount: string) => string;
  confirmed: string;
  depositCovered: string;
  reserved: (deposit: string, howToPay: string) => string;
  keptUntil: (deadline: string) => string;
  manageAsked: (number: string, when: string) => string;
  manageYoursAlone: string;
  cancelledAsAsked: (when: string) => string;
  /** Staff cancelled it (their reason stays in the office). */
  cancelledByUs: (when: string) => string;
  /** After a staff cancellation of a booking with money paid: the refund is made apart. */
  refundSeparately: string;
  outcome: {
    refunded: (amount: string) => string;
    toRefund: (amount: string) => string;
    credit: (amount: string, months: number) => string;
    kept: (amount: string) => string;
    /** A cake ordered with the booking, cancelled with it before its last day to change or cancel. */
    cakeCancelled: (number: string) => string;
    /** A cake past that day: still baked, its price not refunded. `lastDay` as the language writes a day. */
    cakeKept: (number: string, amount: string, lastDay: string) => string;
    nothing: string;
  };
  /** What a move did to the cakes ordered with the booking. Days as the language writes a day. */
  movedCakes: {
    moved: (number: string, day: string) => string;
    /** A rain check's move: a cake past its last day stays ordered for its own day. */
    staying: (number: string, amount: string, lastDay: string, day: string) => string;
  };
  calendar: { title: (items: string) => string; description: (number: string, business: string, trackUrl: string) => string };
}

const en: BookingWords = {
  price: {
    subtotal: 'Subtotal',
    discount: 'Discount',
    damageWaiver: 'Damage waiver',
    delivery: 'Delivery',
    freeDelivery: 'Free',
    salesTax: 'Sales tax',
    total: 'Total',
    deposit: 'Deposit',
    paidSoFar: 'Paid so far',
    balanceDue: 'Balance due',
  },
  greeting: 'Hello,',
  hi: (firstName) => `Hi ${firstName},`,
  when: 'When',
  where: 'Where',
  track: 'Track your booking',
  signWaiver: 'Sign the waiver',
  invoice: 'Your invoice (PDF)',
  confirmRequest: 'Confirm your booking request',
  changeOrCancel: 'Change or cancel your booking',
  subject: {
    changed: (n) => `Your booking ${n} has changed`,
    confirmed: (n) => `Your booking ${n} is confirmed`,
    toConfirm: (n) => `Please confirm your booking request ${n}`,
    received: (n) => `We received your booking ${n}`,
    cancelled: (n) => `Your booking ${n} is cancelled`,
    manage: (n) => `Change or cancel booking ${n}`,
  },
  depositToPay: (deposit, left) => (left ? `the ${left} left of your ${deposit} deposit` : `your ${deposit} deposit`),
  howToPayOnline: 'from the tracking page or by calling us',
  howToPayByPhone: (phone) => `by calling us at ${phone}`,
  toConfirm: (by, deposit, howToPay, keptUntil) =>
    `Confirm your booking request within the hour, by ${by}: one click on the link below. Until then we hold your rentals for that hour only, and a request nobody confirms is released. Once confirmed, paying ${deposit} confirms the booking, ${howToPay}. We keep your rentals until ${keptUntil}; if the deposit is not paid by then, the booking is released.`,
  changedByCustomer: (when) => `As you asked, your booking is now for ${when}. The details below replace the earlier ones, and the attached calendar invite updates your calendar.`,
  changedByStaff: 'We have updated your booking as agreed. The details below replace the earlier ones, and the attached calendar invite updates your calendar.',
  overpaid: (amount) => ` You have paid ${amount} more than the new total: we will refund it.`,
  raised: (total, difference) => ` The new total is ${total}, ${difference} more than before.`,
  payDifference: (amount, howToPay) => ` Please pay the difference (${amount}) ${howToPay}.`,
  balanceNow: (amount) => ` Your balance is now ${amount}.`,
  confirmed: 'Your rental is confirmed. Please sign the safety waiver before the party; it takes two minutes.',
  depositCovered: 'Your units are reserved and your deposit is paid: we confirm the booking shortly. Please sign the safety waiver before the party; it takes two minutes.',
  reserved: (deposit, howToPay) => `Your units are reserved. Pay ${deposit} to confirm the booking, ${howToPay}.`,
  keptUntil: (deadline) => ` We keep them for you until ${deadline}; if the deposit is not paid by then, the booking is released.`,
  manageAsked: (number, when) => `Someone (we hope you) asked to change or cancel booking ${number} for ${when}. Open this link to move it to another date or cancel it:`,
  manageYoursAlone: 'The link is yours alone: anyone who has it can change the booking. If you did not ask for it, ignore this e-mail and nothing changes.',
  cancelledAsAsked: (when) => `As you asked, your booking for ${when} is cancelled. The attached calendar update removes it from your calendar.`,
  cancelledByUs: (when) => `We have cancelled your booking for ${when}. The attached calendar update removes it from your calendar.`,
  refundSeparately: 'Any refund of what you paid is sent separately, with its own receipt. Reply to this e-mail with any question.',
  outcome: {
    refunded: (amount) => `We've refunded ${amount} to your card: it shows on your statement in 5 to 10 business days.`,
    toRefund: (amount) => `We'll refund ${amount} to your card (or the way you paid).`,
    credit: (amount, months) => `${amount} becomes a credit for a future rental, valid for ${months} month${months === 1 ? '' : 's'}.`,
    kept: (amount) => `Under the cancellation policy the deposit of ${amount} is not refunded.`,
    cakeCancelled: (number) => `Your cake order ${number} is cancelled with it, free of charge.`,
    cakeKept: (number, amount, lastDay) =>
      `Your cake order ${number} (${amount}) could be changed or cancelled free of charge until ${lastDay}. We have started on it, so it is not refunded: call us to pick it up.`,
    nothing: 'Nothing was paid, so nothing is owed either way.',
  },
  movedCakes: {
    moved: (number, day) => `Your cake order ${number} moves with the party to ${day}.`,
    staying: (number, amount, lastDay, day) =>
      `Your cake order ${number} (${amount}) could be changed free of charge until ${lastDay}, and we have started on it: it stays ordered for ${day} and is not refunded. Call us to pick it up that day, or to talk it over.`,
  },
  calendar: {
    title: (items) => `Party rental: ${items}`,
    description: (number, business, trackUrl) => `Booking ${number} with ${business}. Track it at ${trackUrl}`,
  },
};

const es: BookingWords = {
  price: {
    subtotal: 'Subtotal',
    discount: 'Descuento',
    damageWaiver: 'Protección contra daños',
    delivery: 'Entrega',
    freeDelivery: 'Gratis',
    salesTax: 'Impuesto sobre las ventas',
    total: 'Total',
    deposit: 'Depósito',
    paidSoFar: 'Pagado hasta ahora',
    balanceDue: 'Saldo pendiente',
  },
  greeting: 'Hola:',
  hi: (firstName) => `Hola, ${firstName}:`,
  when: 'Cuándo',
  where: 'Dónde',
  track: 'Consulte su reservación',
  signWaiver: 'Firme la exención de responsabilidad',
  invoice: 'Su factura (PDF)',
  confirmRequest: 'Confirme su solicitud de reservación',
  changeOrCancel: 'Cambiar o cancelar su reservación',
  subject: {
    changed: (n) => `Su reservación ${n} cambió`,
    confirmed: (n) => `Su reservación ${n} está confirmada`,
    toConfirm: (n) => `Por favor confirme su solicitud de reservación ${n}`,
    received: (n) => `Recibimos su reservación ${n}`,
    cancelled: (n) => `Su reservación ${n} está cancelada`,
    manage: (n) => `Cambiar o cancelar la reservación ${n}`,
  },
  depositToPay: (deposit, left) => (left ? `los ${left} que faltan de su depósito de ${deposit}` : `su depósito de ${deposit}`),
  howToPayOnline: 'desde la página de su reservación o llamándonos',
  howToPayByPhone: (phone) => `llamándonos al ${phone}`,
  toConfirm: (by, deposit, howToPay, keptUntil) =>
    `Confirme su solicitud de reservación dentro de una hora, antes del ${by}: basta un clic en el enlace de abajo. Hasta entonces le apartamos la renta solo durante esa hora, y una solicitud que nadie confirma se libera. Una vez confirmada, al pagar ${deposit} queda confirmada la reservación, ${howToPay}. Le apartamos la renta hasta el ${keptUntil}; si el depósito no se paga para entonces, la reservación se libera.`,
  changedByCustomer: (when) => `Como lo pidió, su reservación ahora es para el ${when}${fullStopAfter(when)} Los datos de abajo reemplazan los anteriores, y la invitación de calendario adjunta actualiza su calendario.`,
  changedByStaff: 'Actualizamos su reservación como lo acordamos. Los datos de abajo reemplazan los anteriores, y la invitación de calendario adjunta actualiza su calendario.',
  overpaid: (amount) => ` Usted pagó ${amount} más que el nuevo total: se lo reembolsaremos.`,
  raised: (total, difference) => ` El nuevo total es ${total}, ${difference} más que antes.`,
  payDifference: (amount, howToPay) => ` Por favor pague la diferencia (${amount}) ${howToPay}.`,
  balanceNow: (amount) => ` Su saldo ahora es ${amount}.`,
  confirmed: 'Su renta está confirmada. Por favor firme la exención de responsabilidad antes de la fiesta; toma dos minutos.',
  depositCovered: 'Su renta está apartada y su depósito está pagado: confirmaremos la reservación en breve. Por favor firme la exención de responsabilidad antes de la fiesta; toma dos minutos.',
  reserved: (deposit, howToPay) => `Su renta está apartada. Pague ${deposit} para confirmar la reservación, ${howToPay}.`,
  keptUntil: (deadline) => ` Se la apartamos hasta el ${deadline}; si el depósito no se paga para entonces, la reservación se libera.`,
  manageAsked: (number, when) => `Alguien (esperamos que usted) pidió cambiar o cancelar la reservación ${number} para el ${when}${fullStopAfter(when)} Abra este enlace para pasarla a otra fecha o cancelarla:`,
  manageYoursAlone: 'El enlace es solo para usted: cualquier persona que lo tenga puede cambiar la reservación. Si usted no lo pidió, ignore este correo y nada cambia.',
  cancelledAsAsked: (when) => `Como lo pidió, su reservación para el ${when} está cancelada. La actualización de calendario adjunta la quita de su calendario.`,
  cancelledByUs: (when) => `Cancelamos su reservación para el ${when}${fullStopAfter(when)} La actualización de calendario adjunta la quita de su calendario.`,
  refundSeparately: 'Cualquier reembolso de lo que pagó se envía aparte, con su propio recibo. Responda a este correo si tiene alguna pregunta.',
  outcome: {
    refunded: (amount) => `Le reembolsamos ${amount} a su tarjeta: aparecerá en su estado de cuenta en 5 a 10 días hábiles.`,
    toRefund: (amount) => `Le reembolsaremos ${amount} a su tarjeta (o por el medio con que pagó).`,
    credit: (amount, months) => `${amount} queda como crédito para una próxima renta, válido por ${months} ${months === 1 ? 'mes' : 'meses'}.`,
    kept: (amount) => `Según la política de cancelación, el depósito de ${amount} no se reembolsa.`,
    cakeCancelled: (number) => `Su pedido de pastel ${number} se cancela junto con ella, sin costo.`,
    cakeKept: (number, amount, lastDay) =>
      `Su pedido de pastel ${number} (${amount}) se podía cambiar o cancelar sin costo hasta el ${lastDay}. Ya empezamos a prepararlo, así que no se reembolsa: llámenos para recogerlo.`,
    nothing: 'No se pagó nada, así que nadie debe nada.',
  },
  movedCakes: {
    moved: (number, day) => `Su pedido de pastel ${number} se cambia con la fiesta al ${day}.`,
    staying: (number, amount, lastDay, day) =>
      `Su pedido de pastel ${number} (${amount}) se podía cambiar sin costo hasta el ${lastDay} y ya empezamos a prepararlo: sigue pedido para el ${day} y no se reembolsa. Llámenos para recogerlo ese día o para hablarlo.`,
  },
  calendar: {
    title: (items) => `Renta para fiesta: ${items}`,
    description: (number, business, trackUrl) => `Reservación ${number} con ${business}. Consúltela en ${trackUrl}`,
  },
};

export const BOOKING_WORDS: Record<Locale, BookingWords> = { en, es };

/**
 * The delivery fee as every paper a customer receives writes it (the booking's e-mails, a quote's offer,
 * the invoice): nothing charged is "Free" / "Gratis", not "$0.00".
 */
export const deliveryFeeText = (cents: number, language: Locale, money: (cents: number) => string): string =>
  cents === 0 ? BOOKING_WORDS[language].price.freeDelivery : money(cents);
