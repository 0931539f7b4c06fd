import type { Locale } from '../i18n';

/**
 * The question asked at checkout and on staff bookings, word for word: the wording shown is the wording
 * stored with the consent (text_consents.wording), so what a customer agreed to can always be read back.
 * The business's name comes from the settings (the checkout page is rebuilt when it changes). The
 * Spanish checkout asks in Spanish, with the Spanish keywords the texts understand (ALTO, AYUDA).
 */
export const textConsentWording = (businessName: string, language: Locale = 'en') =>
  language === 'es'
    ? `Envíenme mensajes de texto de ${businessName} sobre esta reservación (horarios de entrega, "en camino" y seguimiento). ` +
      'Hasta 5 mensajes por reservación; pueden aplicarse tarifas de mensajes y datos. Responda ALTO para dejar de recibirlos, AYUDA para pedir ayuda. Opcional.'
    : `Text me about this booking (delivery times, "on the way" and follow-ups) from ${businessName}. ` +
      'Up to 5 messages per booking; message and data rates may apply. Reply STOP to stop, HELP for help. Optional.';

/** Where a consent was given. */
export type TextConsentSource = 'checkout' | 'staff';
