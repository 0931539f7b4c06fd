import type { Sql } from '../db/index.server';
import { getSettings } from '../business/index.server';
import { AppError } from '../http';
import { z } from '../validation';
import { keywordLanguage, textKeyword, type TextKeyword } from './keywords';
import type { Locale } from '../i18n';
import { recordStart, recordStop } from './outbox.server';
import { validTwilioSignature } from './signature.server';
import { twilioConfig } from './twilio.server';

/**
 * Twilio's inbound webhook (POST /api/texts/inbound, "A message comes in" on the number or Messaging
 * Service): a signed, form-encoded message from a customer. STOP and its synonyms stop texts to that
 * number at once (what was waiting is refused), START resumes them, HELP is answered with the business's
 * name and how to reach it. Anything else is left alone (no reply).
 *
 * Twilio answers STOP and START itself on ordinary numbers (Advanced Opt-Out) and blocks sending to a
 * stopped number, so only HELP is answered here: two confirmations would be one too many.
 */

/** What Twilio sends that matters here (it sends many more fields; they are ignored). */
export const inboundText = z.object({
  From: z.string({ error: 'From is missing' }).regex(/^\+[1-9]\d{7,14}$/, 'From must be a number in E.164 form'),
  Body: z.string().max(1600, 'Body is longer than a text can be').default(''),
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-zA-Z]{32}$/, 'MessageSid is not a message SID').optional(),
});

/** The URLs the request may have been signed for: the one it arrived at and the same path on SITE_URL. */
export function signedUrls(requestUrl: string, siteUrl: string): string[] {
  const arrived = new URL(requestUrl);
  const onSite = new URL(arrived.pathname + arrived.search, siteUrl).toString();
  return [...new Set([arrived.toString(), onSite])];
}

export interface InboundResult {
  keyword: TextKeyword | null;
  /** The reply to send back in the webhook's answer (TwiML), or null for none. */
  reply: string | null;
}

/**
 * Checks the signature (403 when it is not Twilio's), then the fields (400), then acts. The params are
 * the form as received: the signature covers each of them.
 */
export async function receiveInboundText(sql: Sql, request: { urls: string[]; signature: string | null; params: URLSearchParams }, now: Date): Promise<InboundResult> {
  const config = twilioConfig();
  if (!config) throw new AppError('not_found', 'Text messages are not set up.');
  const pairs = [...request.params.entries()];
  if (!request.urls.some((url) => validTwilioSignature(config.authToken, request.signature, url, pairs))) {
    throw new AppError('forbidden', 'The request is not signed by Twilio.');
  }
  const parsed = inboundText.safeParse(Object.fromEntries(pairs));
  if (!parsed.success) throw new AppError('validation', parsed.error.issues[0]?.message ?? 'Not a text message.');
  const { From: from, Body: body } = parsed.data;
  const keyword = textKeyword(body);
  if (keyword === 'stop') {
    await recordStop(sql, from, body.trim().replace(/[.!]+$/, '').toUpperCase(), now);
    return { keyword, reply: null };
  }
  if (keyword === 'start') {
    await recordStart(sql, from, body.trim().replace(/[.!]+$/, '').toUpperCase(), now);
    return { keyword, reply: null };
  }
  if (keyword === 'help') {
    const settings = await getSettings(sql);
    const reply = helpReply(settings.businessName, settings.phone, settings.email, keywordLanguage(body));
    // Kept in the outbox like every text: it leaves as the webhook's answer, so it is sent already.
    await sql`
      insert into outbound_texts (booking_id, to_phone, body, kind, status, attempts, next_attempt_at, created_at, sent_at, provider_sid)
      values (null, ${from}, ${reply}, 'help-reply', 'sent', 1, ${now}, ${now}, ${now}, ${parsed.data.MessageSid ?? null})`;
    return { keyword, reply };
  }
  return { keyword: null, reply: null };
}

export const helpReply = (businessName: string, phone: string, email: string, language: Locale = 'en') =>
  language === 'es'
    ? `${businessName}: mensajes sobre su reservación. Para ayuda llame al ${phone} o escriba a ${email}. Responda ALTO para no recibir más mensajes, INICIAR para volver a recibirlos.`
    : `${businessName}: texts about your booking. For help call ${phone} or e-mail ${email}. Reply STOP to stop texts, START to resume.`;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The webhook's answer: TwiML with the reply, or an empty Response (nothing sent back). */
export const twiml = (reply: string | null) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${escapeXml(reply)}</Message>` : ''}</Response>`;
