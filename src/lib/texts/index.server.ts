/**
 * The front door of text messages, server side (I/O). Texts are on only with Twilio's variables
 * (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM); without them every function here refuses
 * quietly and nothing is stored.
 *
 * For another feature that wants to text a customer about a booking (the day-before window, "on the
 * way", the review request, …):
 *
 *   const to = await textableNumber(tx, bookingId);          // consented and not stopped, or null
 *   if (to) {
 *     const result = await queueText(tx, { bookingId, to, body, kind: 'on-the-way', now });
 *     // result.queued false: 'not-configured' | 'no-consent' | 'stopped' | 'duplicate' | 'invalid'
 *   }
 *   // otherwise send the e-mail instead
 *   … after the transaction commits: await sendQueuedTexts(db, now, { only: [result.id] });
 *
 * queueText honours STOP, consent and quiet hours (a text due at night gets `sendAt` at the end of the
 * business's quiet hours) and stores one text per `dedupeKey` (default `${kind}:${bookingId}`, so a kind
 * goes once per booking). Housekeeping sends and retries what is due every 5 minutes.
 */
export { bookingTexts, deliverPendingTexts, queueText, type QueueTextInput, type QueueTextResult, recordStart, recordStop, recordTextConsent, sendQueuedTexts, type TextConsentInput, textableNumber, textBackoffMinutes, textProvider, textsConfigured, useTextProvider } from './outbox.server';
export { helpReply, type InboundResult, inboundText, receiveInboundText, signedUrls, twiml } from './inbound.server';
export { twilioSignature, validTwilioSignature } from './signature.server';
export { type OutgoingText, type TextProvider, TextProviderError, twilioConfig, twilioProvider } from './twilio.server';
