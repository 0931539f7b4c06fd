import { env } from '../config';

/**
 * Sending a text: one provider behind a small interface, so the outbox does not care who carries it.
 * The one real provider is Twilio's Programmable Messaging REST API, called with fetch
 * (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth with the account SID and auth
 * token, form-encoded To, From or MessagingServiceSid, Body). No SDK: this is one request and one
 * signature check (signature.server.ts), and the official `twilio` package brings axios and dozens of
 * API families into every function bundle for them.
 */
export interface OutgoingText {
  to: string;
  body: string;
}

export interface TextProvider {
  readonly name: string;
  /** Resolves with the provider's id for the message; throws a TextProviderError when it is refused. */
  send(text: OutgoingText): Promise<{ providerId: string }>;
}

export class TextProviderError extends Error {
  override name = 'TextProviderError';
  constructor(
    message: string,
    /** Trying again cannot help (a number that cannot receive texts, or has unsubscribed). */
    readonly permanent: boolean,
    /** The recipient has opted out with the provider itself (Twilio error 21610). */
    readonly optedOut = false,
  ) {
    super(message);
  }
}

/** Twilio errors for which a retry is pointless: https://www.twilio.com/docs/api/errors */
const PERMANENT_TWILIO_ERRORS = new Set([
  21211, // invalid 'To' number
  21408, // permission to send to this region is not enabled
  21610, // the recipient replied STOP to this sender
  21612, // the 'To' number cannot be reached from this sender
  21614, // 'To' is not a mobile number
  21635, // 'To' is a landline
]);

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** A number in E.164 form or a Messaging Service SID (MG…). */
  from: string;
  /** https://api.twilio.com, or a local double in tests. */
  apiBase: string;
}

/** Twilio's settings from the environment, or null when texts are off. */
export function twilioConfig(): TwilioConfig | null {
  const e = env();
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM) return null;
  return { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, apiBase: e.TWILIO_API_BASE ?? 'https://api.twilio.com' };
}

export function twilioProvider(config: TwilioConfig, timeoutMs = 10_000): TextProvider {
  const url = `${config.apiBase.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send({ to, body }) {
      const form = new URLSearchParams({ To: to, Body: body });
      form.set(config.from.startsWith('MG') ? 'MessagingServiceSid' : 'From', config.from);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new TextProviderError(`Twilio could not be reached: ${(error as Error).message}`, false);
      }
      const answer = (await response.json().catch(() => null)) as { sid?: unknown; code?: unknown; message?: unknown } | null;
      if (response.ok && typeof answer?.sid === 'string') return { providerId: answer.sid };
      const code = typeof answer?.code === 'number' ? answer.code : null;
      const message = typeof answer?.message === 'string' ? answer.message : response.statusText;
      throw new TextProviderError(`Twilio answered ${response.status}${code ? ` (error ${code})` : ''}: ${message}`, code !== null && PERMANENT_TWILIO_ERRORS.has(code), code === 21610);
    },
  };
}
