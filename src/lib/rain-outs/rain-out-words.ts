import type { Locale } from '../i18n';

/*
 * The rain-out e-mails (the offer and its answer) and the choices they list, in the booking's language
 * (issue #40). English is exactly what they always said; a word missing in Spanish fails `tsc`.
 */
export interface RainOutWords {
  move: (until: string) => string;
  cancelFree: string;
  keepAsCredit: (paid: string, until: string) => string;
  getBack: (paid: string) => string;
  /** The last day to answer: 'the end of Monday, December 14, 2026'. */
  answerBy: (lastDay: string) => string;
  keptIfNoAnswer: (by: string, paid: string, until: string) => string;
  cancelledIfNoAnswer: (by: string) => string;
  offerSubject: (day: string) => string;
  notSafe: (day: string, number: string) => string;
  choose: string;
  chooseHere: (link: string) => string;
  settled: {
    credit: (amount: string, until: string) => string;
    lapsed: (amount: string, until: string) => string;
    refund: (amount: string) => string;
    cancelled: string;
  };
  settledSubject: (number: string) => string;
  about: (day: string) => string;
  questions: (phone: string) => string;
}

const en: RainOutWords = {
  move: (until) => `Move your party to another date, free of charge (any day until ${until})`,
  cancelFree: 'Cancel the booking, at no charge',
  keepAsCredit: (paid, until) => `Keep the ${paid} you paid as a credit for a future rental (until ${until})`,
  getBack: (paid) => `Get the ${paid} you paid back`,
  answerBy: (lastDay) => `the end of ${lastDay}`,
  keptIfNoAnswer: (by, paid, until) => `If we don’t hear from you by ${by}, we keep the ${paid} you paid for you as a rain check, valid until ${until}.`,
  cancelledIfNoAnswer: (by) => `If we don’t hear from you by ${by}, we cancel the booking at no charge.`,
  offerSubject: (day) => `Weather: your party on ${day} can’t go ahead`,
  notSafe: (day, number) => `The weather forecast for ${day} is not safe for our rentals, so we won’t set up your party (booking ${number}). We’re sorry: you lose nothing.`,
  choose: 'Choose what suits you:',
  chooseHere: (link) => `Choose here: ${link}`,
  settled: {
    credit: (amount, until) => `Your credit of ${amount} is ready, valid until ${until}. Use it when you book again with this e-mail address.`,
    lapsed: (amount, until) => `We didn’t hear from you, so we kept the ${amount} you paid as a rain check, valid until ${until}. Use it when you book again with this e-mail address.`,
    refund: (amount) => `We’re refunding the ${amount} you paid. A card refund shows on your statement within 5–10 business days; money paid in person we give back by hand, and we’ll be in touch about it.`,
    cancelled: 'Your booking is cancelled, at no charge.',
  },
  settledSubject: (number) => `Your rained-out booking ${number}`,
  about: (day) => `About your party on ${day}, which the weather called off:`,
  questions: (phone) => `Questions? Call us at ${phone}.`,
};

const es: RainOutWords = {
  move: (until) => `Cambiar su fiesta a otra fecha, sin costo (cualquier día hasta el ${until})`,
  cancelFree: 'Cancelar la reservación, sin costo',
  keepAsCredit: (paid, until) => `Guardar los ${paid} que pagó como crédito para una próxima renta (hasta el ${until})`,
  getBack: (paid) => `Recibir de vuelta los ${paid} que pagó`,
  answerBy: (lastDay) => `al final del ${lastDay}`,
  keptIfNoAnswer: (by, paid, until) => `Si no sabemos de usted a más tardar ${by}, le guardamos los ${paid} que pagó como crédito por lluvia, válido hasta el ${until}.`,
  cancelledIfNoAnswer: (by) => `Si no sabemos de usted a más tardar ${by}, cancelamos la reservación sin costo.`,
  offerSubject: (day) => `Clima: su fiesta del ${day} no puede realizarse`,
  notSafe: (day, number) => `El pronóstico del tiempo para el ${day} no es seguro para nuestros inflables, así que no instalaremos su fiesta (reservación ${number}). Lo sentimos: usted no pierde nada.`,
  choose: 'Elija lo que más le convenga:',
  chooseHere: (link) => `Elija aquí: ${link}`,
  settled: {
    credit: (amount, until) => `Su crédito de ${amount} está listo, válido hasta el ${until}. Úselo cuando vuelva a reservar con este correo electrónico.`,
    lapsed: (amount, until) => `Como no supimos de usted, guardamos los ${amount} que pagó como crédito por lluvia, válido hasta el ${until}. Úselo cuando vuelva a reservar con este correo electrónico.`,
    refund: (amount) => `Le estamos reembolsando los ${amount} que pagó. Un reembolso a tarjeta aparece en su estado de cuenta en 5 a 10 días hábiles; el dinero pagado en persona se lo devolvemos en mano, y nos pondremos en contacto con usted.`,
    cancelled: 'Su reservación está cancelada, sin costo.',
  },
  settledSubject: (number) => `Su reservación ${number} cancelada por lluvia`,
  about: (day) => `Sobre su fiesta del ${day}, que el clima canceló:`,
  questions: (phone) => `¿Preguntas? Llámenos al ${phone}.`,
};

export const RAIN_OUT_WORDS: Record<Locale, RainOutWords> = { en, es };
