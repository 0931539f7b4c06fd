import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from '../../src/lib/texts/signature.server';

/**
 * A local stand-in for the part of Twilio's Programmable Messaging API the site uses, so the real
 * provider (src/lib/texts/twilio.server.ts, plain fetch) runs against it offline:
 *
 * - POST /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP basic auth (the account SID and auth
 *   token), form-encoded To, From or MessagingServiceSid and Body: answers 201 with a Message resource as
 *   Twilio shapes it (sid SM…, status "queued"), or Twilio's error JSON ({ code, message, more_info,
 *   status }): 401/20003 for wrong credentials, 400/21211 for an invalid To, 400/21610 for a number that
 *   texted STOP (Twilio's Advanced Opt-Out blocks sending to it), 400/21602 without a Body.
 * - plays the phone side: `inbound` posts a customer's message to the site's webhook as Twilio does
 *   (form-encoded, signed with X-Twilio-Signature over the webhook URL and the sorted parameters), with a
 *   valid or a forged signature; a TwiML <Message> in the answer is recorded as a reply.
 */
export interface TwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  /** 'api': sent through the REST API; 'reply': a TwiML answer to an inbound message. */
  via: 'api' | 'reply';
  at: Date;
}

export type TwilioFailure = 'error' | 'rate-limited' | 'invalid-number' | 'timeout';

export interface TwilioDouble {
  url: string;
  port: number;
  accountSid: string;
  authToken: string;
  from: string;
  messages: TwilioMessage[];
  /** Numbers that texted STOP through `inbound` (and not START since), as Twilio's opt-out list. */
  optedOut: Set<string>;
  /** The next `times` sends fail: 500, 429 (20429), 400 (21211) or no answer at all. */
  failNext(mode: TwilioFailure, times?: number): void;
  /** A customer texts the site: posted to `webhookUrl`, signed unless `forged`. */
  inbound(message: { from: string; body: string; to?: string }, options?: { forged?: boolean; webhookUrl?: string; extra?: Record<string, string> }): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

const sid = (prefix: string) => prefix + randomBytes(16).toString('hex');

export async function startTwilioDouble(options: { port?: number; webhookUrl?: string; accountSid?: string | undefined; authToken?: string | undefined; from?: string | undefined } = {}): Promise<TwilioDouble> {
  const accountSid = options.accountSid ?? sid('AC');
  const authToken = options.authToken ?? randomBytes(16).toString('hex');
  const from = options.from ?? '+15005550006';
  const messages: TwilioMessage[] = [];
  const optedOut = new Set<string>();
  const failures: TwilioFailure[] = [];
  const hanging = new Set<IncomingMessage>();

  const error = (status: number, code: number, message: string) =>
    JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const answer = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      };
      const path = new URL(req.url ?? '/', 'http://double').pathname;
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
      if (req.method !== 'POST' || !match) return answer(404, error(404, 20404, 'The requested resource was not found'));
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected || decodeURIComponent(match[1]!) !== accountSid) return answer(401, error(401, 20003, 'Authenticate'));
      const failure = failures.shift();
      if (failure === 'timeout') {
        hanging.add(req);
        return;
      }
      if (failure === 'error') return answer(500, error(500, 20500, 'Internal Server Error'));
      if (failure === 'rate-limited') return answer(429, error(429, 20429, 'Too Many Requests'));
      const to = form.get('To') ?? '';
      const sender = form.get('From') ?? form.get('MessagingServiceSid');
      const body = form.get('Body') ?? '';
      if (failure === 'invalid-number' || !/^\+[1-9]\d{7,14}$/.test(to)) return answer(400, error(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
      if (!sender) return answer(400, error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message."));
      if (!body) return answer(400, error(400, 21602, 'Message body is required.'));
      if (optedOut.has(to)) return answer(400, error(400, 21610, 'Attempt to send to unsubscribed recipient'));
      const message: TwilioMessage = { sid: sid('SM'), to, from: sender, body, via: 'api', at: new Date() };
      messages.push(message);
      const now = new Date().toUTCString().replace('GMT', '+0000');
      answer(
        201,
        JSON.stringify({
          sid: message.sid, account_sid: accountSid, to, from: sender.startsWith('MG') ? null : sender, messaging_service_sid: sender.startsWith('MG') ? sender : null,
          body, status: 'queued', direction: 'outbound-api', num_segments: String(Math.ceil(body.length / 153) || 1), num_media: '0',
          date_created: now, date_updated: now, date_sent: null, api_version: '2010-04-01', price: null, price_unit: 'USD', error_code: null, error_message: null,
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    accountSid,
    authToken,
    from,
    messages,
    optedOut,
    failNext(mode, times = 1) {
      for (let i = 0; i < times; i++) failures.push(mode);
    },
    async inbound({ from: customer, body, to = from }, { forged = false, webhookUrl = options.webhookUrl, extra = {} } = {}) {
      if (!webhookUrl) throw new Error('No webhook URL for inbound messages');
      const params = new URLSearchParams({
        ToCountry: 'US', SmsMessageSid: sid('SM'), NumMedia: '0', SmsSid: sid('SM'), SmsStatus: 'received', Body: body, To: to,
        NumSegments: '1', MessageSid: sid('SM'), AccountSid: accountSid, From: customer, ApiVersion: '2010-04-01', ...extra,
      });
      const signature = twilioSignature(forged ? `${authToken}-forged` : authToken, webhookUrl, params.entries());
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature, 'i-twilio-idempotency-token': randomBytes(8).toString('hex') },
        body: params,
      });
      const text = await response.text();
      if (response.ok) {
        const word = body.trim().replace(/[.!]+$/, '').toUpperCase();
        if (['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'].includes(word)) optedOut.add(customer);
        if (['START', 'YES', 'UNSTOP'].includes(word)) optedOut.delete(customer);
        for (const [, reply] of text.matchAll(/<Message>([\s\S]*?)<\/Message>/g)) {
          const unescaped = reply!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
          messages.push({ sid: sid('SM'), to: customer, from: to, body: unescaped, via: 'reply', at: new Date() });
        }
      }
      return { status: response.status, text };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const req of hanging) req.socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
