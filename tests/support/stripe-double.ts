import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API this product uses (Checkout Sessions, refunds), so the
 * real SDK runs against it offline. It also plays the hosted payment page: GET /pay/{id} shows a
 * Pay button that completes the session, sends the signed webhook to the site and redirects to
 * success_url, as Stripe would.
 */
export interface StripeDouble {
  url: string;
  port: number;
  sessions: Map<string, Session>;
  /** Refunds created, by id (amount, payment_intent, metadata). */
  refunds: Map<string, Record<string, unknown> & { id: string; amount: number; payment_intent: string }>;
  /** Every API request received, in order ('GET /v1/checkout/sessions/cs_…'), to tell what the site asked Stripe. */
  requests: string[];
  /** Next create calls fail: 'error' answers 500, 'declined' 402, 'invalid' 400, 'timeout' never answers. */
  failNext(mode: FailureMode, times?: number): void;
  /** Marks a session paid and returns the checkout.session.completed event. */
  complete(sessionId: string): Stripe.Event;
  expire(sessionId: string): Stripe.Event;
  close(): Promise<void>;
}

export type FailureMode = 'error' | 'declined' | 'invalid' | 'timeout';

type Session = Record<string, unknown> & { id: string; metadata: Record<string, string>; success_url: string };

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe sends form-encoded bodies with bracket keys: line_items[0][price_data][unit_amount]=…  */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let node = out as Record<string, unknown>;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

export async function startStripeDouble(options: { port?: number; webhookUrl?: string; webhookSecret?: string } = {}): Promise<StripeDouble> {
  const sessions = new Map<string, Session>();
  const refunds: StripeDouble['refunds'] = new Map();
  const idempotent = new Map<string, string>();
  let failures: { mode: FailureMode; left: number } | null = null;

  const event = (type: string, object: Session): Stripe.Event =>
    ({ id: id('evt'), object: 'event', type, livemode: false, created: Math.floor(Date.now() / 1000), data: { object }, api_version: null, pending_webhooks: 1, request: null }) as unknown as Stripe.Event;

  const complete = (sessionId: string) => {
    const s = sessions.get(sessionId)!;
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: id('pi'), customer: id('cus') });
    return event('checkout.session.completed', s);
  };
  const expire = (sessionId: string) => {
    const s = sessions.get(sessionId)!;
    Object.assign(s, { status: 'expired' });
    return event('checkout.session.expired', s);
  };

  const requests: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const body = await readBody(req);
    if (url.pathname.startsWith('/v1/')) requests.push(`${req.method} ${url.pathname}`);
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (failures && failures.left > 0) {
        failures.left--;
        if (failures.mode === 'timeout') return; // never answer
        if (failures.mode === 'declined') return json(402, { error: { type: 'card_error', code: 'card_declined', message: 'Stripe double: your card was declined' } });
        if (failures.mode === 'invalid') return json(400, { error: { type: 'invalid_request_error', message: 'Stripe double: amount_too_small' } });
        return json(500, { error: { type: 'api_error', message: 'Stripe double: simulated outage' } });
      }
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && idempotent.has(key)) return json(200, sessions.get(idempotent.get(key)!));
      const form = parseForm(body) as { line_items: Record<string, { price_data: { unit_amount: string } }>; metadata?: Record<string, string>; success_url: string; cancel_url: string; expires_at: string; customer_email?: string };
      const amount = Number(form.line_items['0']!.price_data.unit_amount);
      const sessionId = id('cs');
      const session: Session = {
        id: sessionId,
        object: 'checkout.session',
        amount_total: amount,
        currency: 'usd',
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        customer: null,
        customer_email: form.customer_email ?? null,
        metadata: form.metadata ?? {},
        expires_at: Number(form.expires_at),
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      if (typeof key === 'string') idempotent.set(key, sessionId);
      return json(200, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && idempotent.has(key)) return json(200, refunds.get(idempotent.get(key)!));
      const form = parseForm(body) as { payment_intent?: string; amount?: string; metadata?: Record<string, string> };
      // Like Stripe: refunds apply to a paid payment intent, and never exceed what is left of it.
      const paid = [...sessions.values()].find((s) => s.payment_intent === form.payment_intent && s.payment_status === 'paid');
      if (!paid) return json(400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${form.payment_intent}'` } });
      const already = [...refunds.values()].filter((r) => r.payment_intent === form.payment_intent).reduce((sum, r) => sum + r.amount, 0);
      const amount = form.amount ? Number(form.amount) : Number(paid.amount_total) - already;
      if (amount <= 0 || already + amount > Number(paid.amount_total)) {
        return json(400, { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${Number(paid.amount_total) - already})` } });
      }
      const refund = { id: id('re'), object: 'refund', amount, currency: 'usd', payment_intent: form.payment_intent!, status: 'succeeded', metadata: form.metadata ?? {}, created: Math.floor(Date.now() / 1000) };
      refunds.set(refund.id, refund);
      if (typeof key === 'string') idempotent.set(key, refund.id);
      return json(200, refund);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve) {
      const s = sessions.get(retrieve[1]!);
      return s ? json(200, s) : json(404, { error: { type: 'invalid_request_error', message: 'No such checkout session' } });
    }
    const pay = /^\/pay\/([\w]+)$/.exec(url.pathname);
    if (pay && sessions.has(pay[1]!)) {
      const s = sessions.get(pay[1]!)!;
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(`<!doctype html><html lang="en"><title>Test payment</title><main><h1>Test payment</h1>
          <p>Amount: ${(Number(s.amount_total) / 100).toFixed(2)} USD</p>
          <form method="post"><button type="submit">Pay</button></form></main></html>`);
      }
      const completed = complete(s.id);
      if (options.webhookUrl && options.webhookSecret) await sendWebhook(options.webhookUrl, options.webhookSecret, completed);
      res.writeHead(303, { location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) });
      return res.end();
    }
    json(404, { error: { type: 'invalid_request_error', message: `Stripe double: ${req.method} ${url.pathname} is not modelled` } });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    sessions,
    refunds,
    requests,
    failNext: (mode, times = 1) => void (failures = { mode, left: times }),
    complete,
    expire,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** Posts an event to the site's webhook exactly as Stripe would: raw JSON plus a Stripe-Signature header. */
export async function sendWebhook(url: string, secret: string, event: Stripe.Event, signatureSecret = secret): Promise<Response> {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: signatureSecret });
  return fetch(url, { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
}
