import type { Locale } from '../i18n';
import { CODE_SENT_MESSAGE } from './spending';

/*
 * The credit code's e-mail and the answer to asking for it, in the checkout page's language (issue #40).
 * English is exactly what they always said; a word missing in Spanish fails `tsc`.
 */
export interface CreditCodeWords {
  sent: string;
  subject: (code: string) => string;
  enter: (amount: string, code: string) => string;
  works: (minutes: number) => string;
}

export const CREDIT_CODE_WORDS: Record<Locale, CreditCodeWords> = {
  en: {
    sent: CODE_SENT_MESSAGE,
    subject: (code) => `Your code to use your credit: ${code}`,
    enter: (amount, code) => `Enter this code at the checkout to use your credit of ${amount}: ${code}`,
    works: (minutes) => `It works for ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
  },
  es: {
    sent: 'Si ese correo tiene crédito con nosotros, le enviamos un código de 6 dígitos. Sirve durante 10 minutos.',
    subject: (code) => `Su código para usar su crédito: ${code}`,
    enter: (amount, code) => `Escriba este código al pagar para usar su crédito de ${amount}: ${code}`,
    works: (minutes) => `Sirve durante ${minutes} minutos. Si usted no lo pidió, puede ignorar este correo.`,
  },
};
