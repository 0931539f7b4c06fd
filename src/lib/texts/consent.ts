/**
 * The question asked at checkout and on staff bookings, word for word: the wording shown is the wording
 * stored with the consent (text_consents.wording), so what a customer agreed to can always be read back.
 * The business's name comes from the settings (the checkout page is rebuilt when it changes).
 */
export const textConsentWording = (businessName: string) =>
  `Text me about this booking (delivery times, "on the way" and follow-ups) from ${businessName}. ` +
  'Up to 5 messages per booking; message and data rates may apply. Reply STOP to stop, HELP for help. Optional.';

/** Where a consent was given. */
export type TextConsentSource = 'checkout' | 'staff';
