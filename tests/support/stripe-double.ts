import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API this product uses (Checkout Sessions, refunds), so the
 * real SDK runs against it offline. It also plays the hosted payment page: GET /pay/{id} shows a
 * Pay button that completes the session, sends the signed webhook to the site and redirects to
 * success_url, as Stripe would. A paid session has a payment intent and a charge; refunds (through
 * the API or "in the dashboard") and disputes change the charge and make the events Stripe sends
 * (charge.refunded and refund.created, charge.dispute.created / closed), with the objects as Stripe's
 * current API version shapes them (a charge does not include its refunds list unless expanded). A card
 * refund may be left pending (`refundsPending`) and then settle or fail, as a bank decides: a failed
 * refund gives its amount back to the charge and makes refund.updated and refund.failed.
 * Every charge and refund also moves the balance (a balance transaction with Stripe's standard US fee,
 * 2.9 % + 30¢ on a charge); `payout()` pays what is in the balance out to the bank as an automatic
 * payout (payout.paid), and GET /v1/balance_transactions?payout=… lists what it carried, its own
 * transaction included, with `expand[]=data.source` as Stripe expands it.
 */
export interface StripeDouble {
  url: string;
  port: number;
  sessions: Map<string, Session>;
  /** What each session's page says is being paid (its line item's name and description), by session id, as Stripe's page shows it. */
  lineItems: Map<string, { name: string; description: string | null }>;
  /** Refunds created, by id (amount, payment_intent, metadata). */
  refunds: Map<string, Record<string, unknown> & { id: string; amount: number; payment_intent: string }>;
  /** Every API request received, in order ('GET /v1/checkout/sessions/cs_…'), to tell what the site asked Stripe. */
  requests: string[];
  /**
   * Next create calls fail: 'error' answers 500, 'declined' 402, 'invalid' 400, 'timeout' never answers.
   * Checkout Sessions by default; `on: 'refunds'` fails the next refunds instead (Stripe down while staff refund),
   * `on: 'balance'` the next lists of balance transactions.
   */
  failNext(mode: FailureMode, times?: number, on?: 'checkout' | 'refunds' | 'balance'): void;
  /** Balance transactions, oldest first (charges, refunds, payouts), each with the payout that carried it once paid out. */
  balanceTransactions: BalanceTransaction[];
  /** Stripe pays the balance out (every transaction not yet paid out): the payout.paid event. */
  payout(): Stripe.Event;
  /** New refunds start 'pending' (a bank transfer back still to happen) rather than 'succeeded'. */
  refundsPending: boolean;
  /** A pending refund goes through: refund.updated. */
  settleRefund(refundId: string): Stripe.Event;
  /** A refund fails (the card closed ...): its amount goes back on the charge; refund.updated and refund.failed. */
  failRefund(refundId: string): Stripe.Event[];
  /** Charges of paid sessions, by id (amount, amount_refunded, refunded, disputed, payment_intent). */
  charges: Map<string, Charge>;
  disputes: Map<string, Record<string, unknown> & { id: string; status: string; amount: number; charge: string; payment_intent: string }>;
  /** Every event the double made, oldest first (refunds made through the API add charge.refunded here). */
  events: Stripe.Event[];
  /** Marks a session paid (with a test card: 'visa' unless named) and returns the checkout.session.completed event. */
  complete(sessionId: string, card?: TestCard): Stripe.Event;
  /** A refund made in Stripe's dashboard (the whole rest when no amount): the charge.refunded event (refund.created follows it in `events`). */
  refundInDashboard(paymentIntent: string, amount?: number): Stripe.Event;
  /** The refund.created event Stripe sent for a refund. */
  refundCreated(refundId: string): Stripe.Event;
  /** The customer's bank disputes the payment (the whole charge when no amount): charge.dispute.created. */
  dispute(paymentIntent: string, options?: { amount?: number; reason?: string; inquiry?: boolean }): Stripe.Event;
  /** The dispute is decided: charge.dispute.closed. */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Stripe.Event;
  expire(sessionId: string): Stripe.Event;
  close(): Promise<void>;
  /** Saved cards and off-session charges (see startSavedCards). */
  savedCards: SavedCards;
}

export type FailureMode = 'error' | 'declined' | 'invalid' | 'timeout';

type Session = Record<string, unknown> & { id: string; metadata: Record<string, string>; success_url: string };
type Charge = Record<string, unknown> & { id: string; amount: number; amount_refunded: number; refunded: boolean; disputed: boolean; payment_intent: string };
type Refund = Record<string, unknown> & { id: string; amount: number; payment_intent: string };
export type BalanceTransaction = { id: string; object: 'balance_transaction'; type: string; amount: number; fee: number; net: number; currency: 'usd'; source: string | null; created: number; payout_id: string | null };

/** Stripe's standard US card pricing: 2.9 % + 30¢ a charge; a refund gives no fee back. */
export const stripeFee = (amount: number) => Math.round(amount * 0.029) + 30;

/** A Stripe API error answer, as the SDK reads it. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: Record<string, unknown> },
  ) {
    super(String(body.error.message));
  }
}

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
  const lineItems: StripeDouble['lineItems'] = new Map();
  const refunds: StripeDouble['refunds'] = new Map();
  const charges = new Map<string, Charge>();
  const disputes: StripeDouble['disputes'] = new Map();
  const events: Stripe.Event[] = [];
  const idempotent = new Map<string, string>();
  let failures: { mode: FailureMode; left: number } | null = null;
  let refundFailures: { mode: FailureMode; left: number } | null = null;
  let balanceFailures: { mode: FailureMode; left: number } | null = null;
  const balanceTransactions: BalanceTransaction[] = [];
  const payouts = new Map<string, Record<string, unknown> & { id: string; amount: number }>();
  const moveBalance = (type: string, amount: number, fee: number, source: string | null) => {
    balanceTransactions.push({ id: id('txn'), object: 'balance_transaction', type, amount, fee, net: amount - fee, currency: 'usd', source, created: Math.floor(Date.now() / 1000), payout_id: null });
  };
  const state = { refundsPending: false };

  // The object as it was when the event happened (a copy), as Stripe's event payloads are.
  const event = (type: string, object: Record<string, unknown>): Stripe.Event => {
    const made = { id: id('evt'), object: 'event', type, livemode: false, created: Math.floor(Date.now() / 1000), data: { object: structuredClone(object) }, api_version: '2026-10-28.endive', pending_webhooks: 1, request: null } as unknown as Stripe.Event;
    events.push(made);
    return made;
  };

  const complete = (sessionId: string, card: TestCard = 'visa') => {
    const s = sessions.get(sessionId)!;
    const paymentIntent = id('pi');
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent, customer: id('cus') });
    savedCards.sessionPaid(s, paymentIntent, card);
    const charge: Charge = {
      id: id('ch'),
      object: 'charge',
      amount: Number(s.amount_total),
      amount_captured: Number(s.amount_total),
      amount_refunded: 0,
      captured: true,
      currency: 'usd',
      disputed: false,
      paid: true,
      payment_intent: paymentIntent,
      refunded: false,
      status: 'succeeded',
      metadata: {},
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    charges.set(charge.id, charge);
    moveBalance('charge', charge.amount, stripeFee(charge.amount), charge.id);
    return event('checkout.session.completed', s);
  };
  const chargeOf = (paymentIntent: string | undefined) => [...charges.values()].find((c) => c.payment_intent === paymentIntent);

  /** Like POST /v1/refunds: refunds apply to a paid payment intent, never exceed what is left of it, and not to a disputed charge. */
  const createRefund = (form: { payment_intent?: string; amount?: string | number; metadata?: Record<string, string> }): { refund: Refund; charged: Stripe.Event; created: Stripe.Event } => {
    const charge = chargeOf(form.payment_intent);
    if (!charge) throw new StripeApiError(400, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_intent', message: `No such payment_intent: '${form.payment_intent}'` } });
    if (charge.disputed) throw new StripeApiError(400, { error: { type: 'invalid_request_error', code: 'charge_disputed', message: `Charge ${charge.id} has been charged back; cannot issue a refund.` } });
    const left = charge.amount - charge.amount_refunded;
    const amount = form.amount !== undefined ? Number(form.amount) : left;
    if (left <= 0) throw new StripeApiError(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${charge.id} has already been refunded.` } });
    if (amount <= 0 || amount > left) {
      throw new StripeApiError(400, { error: { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount', message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})` } });
    }
    const status = state.refundsPending ? 'pending' : 'succeeded';
    const refund: Refund = { id: id('re'), object: 'refund', amount, charge: charge.id, currency: 'usd', payment_intent: charge.payment_intent, reason: null, status, metadata: form.metadata ?? {}, created: Math.floor(Date.now() / 1000) };
    refunds.set(refund.id, refund);
    moveBalance('refund', -amount, 0, refund.id);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    return { refund, charged: event('charge.refunded', charge), created: event('refund.created', refund) };
  };
  const refundCreated = (refundId: string) => events.find((e) => e.type === 'refund.created' && (e.data.object as { id: string }).id === refundId)!;
  const settleRefund = (refundId: string) => {
    const refund = refunds.get(refundId)!;
    if (refund.status !== 'pending') throw new Error(`Stripe double: refund ${refundId} is ${String(refund.status)}, not pending`);
    refund.status = 'succeeded';
    return event('refund.updated', refund);
  };
  const failRefund = (refundId: string) => {
    const refund = refunds.get(refundId)!;
    if (refund.status === 'failed') throw new Error(`Stripe double: refund ${refundId} has failed already`);
    Object.assign(refund, { status: 'failed', failure_reason: 'expired_or_canceled_card' });
    const charge = chargeOf(refund.payment_intent)!;
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
    moveBalance('refund_failure', refund.amount, 0, refund.id);
    return [event('refund.updated', refund), event('refund.failed', refund)];
  };

  const refundInDashboard = (paymentIntent: string, amount?: number) => createRefund({ payment_intent: paymentIntent, ...(amount !== undefined ? { amount } : {}) }).charged;

  const dispute = (paymentIntent: string, options: { amount?: number; reason?: string; inquiry?: boolean } = {}) => {
    const charge = chargeOf(paymentIntent);
    if (!charge) throw new Error(`Stripe double: no charge for ${paymentIntent}`);
    // An inquiry (a retrieval request) takes no money and does not mark the charge disputed.
    if (!options.inquiry) charge.disputed = true;
    const made = {
      id: id('dp'),
      object: 'dispute',
      amount: options.amount ?? charge.amount - charge.amount_refunded,
      charge: charge.id,
      currency: 'usd',
      payment_intent: paymentIntent,
      reason: options.reason ?? 'fraudulent',
      status: options.inquiry ? 'warning_needs_response' : 'needs_response',
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      created: Math.floor(Date.now() / 1000),
    };
    disputes.set(made.id, made);
    return event('charge.dispute.created', made);
  };

  const closeDispute = (disputeId: string, outcome: 'won' | 'lost') => {
    const d = disputes.get(disputeId)!;
    d.status = d.status.startsWith('warning_') ? 'warning_closed' : outcome;
    return event('charge.dispute.closed', d);
  };
  const expire = (sessionId: string) => {
    const s = sessions.get(sessionId)!;
    Object.assign(s, { status: 'expired' });
    return event('checkout.session.expired', s);
  };

  const payout = () => {
    const carried = balanceTransactions.filter((t) => t.payout_id === null && t.type !== 'payout');
    const amount = carried.reduce((sum, t) => sum + t.net, 0);
    if (amount <= 0) throw new Error(`Stripe double: nothing to pay out (balance ${amount})`);
    const made = { id: id('po'), object: 'payout', amount, currency: 'usd', arrival_date: Math.floor(Date.now() / 86_400_000) * 86_400 + 86_400, automatic: true, method: 'standard', status: 'paid', type: 'bank_account', livemode: false, metadata: {}, created: Math.floor(Date.now() / 1000) };
    payouts.set(made.id, made);
    moveBalance('payout', -amount, 0, made.id);
    for (const t of [...carried, balanceTransactions.at(-1)!]) t.payout_id = made.id;
    return event('payout.paid', { ...made, balance_transaction: balanceTransactions.at(-1)!.id });
  };
  /** A balance transaction as the API shows it: `source` expanded to its object when asked. */
  const shown = (t: BalanceTransaction, expand: boolean) => {
    const { payout_id: _carriedBy, ...visible } = t;
    if (!expand || !t.source) return visible;
    return { ...visible, source: charges.get(t.source) ?? refunds.get(t.source) ?? payouts.get(t.source) ?? t.source };
  };

  const requests: string[] = [];
  const savedCards = startSavedCards(event);
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
      const form = parseForm(body) as { line_items: Record<string, { price_data: { unit_amount: string; product_data?: { name?: string; description?: string } } }>; metadata?: Record<string, string>; success_url: string; cancel_url: string; expires_at: string; customer_email?: string; locale?: string };
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
        locale: form.locale ?? null,
        ...savedCards.sessionFields(sessionId, form),
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pay/${sessionId}`,
      };
      sessions.set(sessionId, session);
      const product = form.line_items['0']!.price_data.product_data;
      lineItems.set(sessionId, { name: product?.name ?? '', description: product?.description ?? null });
      if (typeof key === 'string') idempotent.set(key, sessionId);
      return json(200, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      if (refundFailures && refundFailures.left > 0) {
        refundFailures.left--;
        if (refundFailures.mode === 'timeout') return;
        if (refundFailures.mode === 'declined') return json(402, { error: { type: 'card_error', code: 'card_declined', message: 'Stripe double: refund declined' } });
        if (refundFailures.mode === 'invalid') return json(400, { error: { type: 'invalid_request_error', message: 'Stripe double: invalid refund' } });
        return json(500, { error: { type: 'api_error', message: 'Stripe double: simulated outage' } });
      }
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && idempotent.has(key)) return json(200, refunds.get(idempotent.get(key)!));
      let made: ReturnType<typeof createRefund>;
      try {
        made = createRefund(parseForm(body) as { payment_intent?: string; amount?: string; metadata?: Record<string, string> });
      } catch (error) {
        if (error instanceof StripeApiError) return json(error.status, error.body);
        throw error;
      }
      if (typeof key === 'string') idempotent.set(key, made.refund.id);
      json(200, made.refund);
      // Stripe then tells the site, as it does for every refund whoever made it.
      if (options.webhookUrl && options.webhookSecret) {
        const { webhookUrl, webhookSecret } = options;
        void sendWebhook(webhookUrl, webhookSecret, made.charged)
          .then(() => sendWebhook(webhookUrl, webhookSecret, made.created))
          .catch(() => {});
      }
      return;
    }
    // GET /v1/refunds?payment_intent=…: the payment's refunds as they stand now, newest first (as Stripe lists them).
    if (req.method === 'GET' && url.pathname === '/v1/refunds') {
      const intent = url.searchParams.get('payment_intent');
      const data = [...refunds.values()].filter((r) => !intent || r.payment_intent === intent).reverse();
      return json(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    // GET /v1/balance_transactions?payout=po_…: newest first, paged with limit and starting_after, as Stripe lists them.
    if (req.method === 'GET' && url.pathname === '/v1/balance_transactions') {
      if (balanceFailures && balanceFailures.left > 0) {
        balanceFailures.left--;
        if (balanceFailures.mode === 'timeout') return;
        return json(500, { error: { type: 'api_error', message: 'Stripe double: simulated outage' } });
      }
      const payoutId = url.searchParams.get('payout');
      if (payoutId && !payouts.has(payoutId)) return json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payout', message: `No such payout: '${payoutId}'` } });
      const all = balanceTransactions.filter((t) => !payoutId || t.payout_id === payoutId).reverse();
      const after = url.searchParams.get('starting_after');
      const from = after ? all.findIndex((t) => t.id === after) + 1 : 0;
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const page = all.slice(from, from + limit);
      const expand = url.searchParams.getAll('expand[]').includes('data.source') || url.searchParams.getAll('expand[0]').includes('data.source');
      return json(200, { object: 'list', data: page.map((t) => shown(t, expand)), has_more: from + limit < all.length, url: '/v1/balance_transactions' });
    }
    const charge = /^\/v1\/charges\/([\w]+)$/.exec(url.pathname);
    if (req.method === 'GET' && charge) {
      const c = charges.get(charge[1]!);
      return c ? json(200, c) : json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such charge: '${charge[1]}'` } });
    }
    const disputeRoute = /^\/v1\/disputes\/([\w]+)$/.exec(url.pathname);
    if (req.method === 'GET' && disputeRoute) {
      const d = disputes.get(disputeRoute[1]!);
      return d ? json(200, d) : json(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such dispute: '${disputeRoute[1]}'` } });
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve) {
      const s = sessions.get(retrieve[1]!);
      return s ? json(200, s) : json(404, { error: { type: 'invalid_request_error', message: 'No such checkout session' } });
    }
    const savedCardAnswer = savedCards.route(req.method ?? 'GET', url, body, req.headers['idempotency-key']);
    if (savedCardAnswer) {
      json(savedCardAnswer.status, savedCardAnswer.body);
      if (savedCardAnswer.event && options.webhookUrl && options.webhookSecret) void sendWebhook(options.webhookUrl, options.webhookSecret, savedCardAnswer.event).catch(() => {});
      return;
    }
    const pay = /^\/pay\/([\w]+)$/.exec(url.pathname);
    if (pay && sessions.has(pay[1]!)) {
      const s = sessions.get(pay[1]!)!;
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Test payment</title><main><h1>Test payment</h1>
          <p data-testid="stripe-item">${(lineItems.get(s.id)?.name ?? '').replace(/[<>&]/g, '')}</p>
          <p>Amount: ${(Number(s.amount_total) / 100).toFixed(2)} USD</p>
          ${savedCards.consentOf(s.id) ? `<p data-testid="stripe-consent">${savedCards.consentOf(s.id)!.replace(/[<>&]/g, '')}</p>` : ''}
          <form method="post"><label>Test card <select name="card"><option value="visa">4242 (succeeds)</option><option value="declined">0341 (declines later charges)</option><option value="authentication">3155 (needs authentication)</option></select></label>
          <button type="submit">Pay</button></form></main></html>`);
      }
      const chosen = new URLSearchParams(body).get('card');
      const completed = complete(s.id, chosen === 'declined' || chosen === 'authentication' ? chosen : 'visa');
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
    lineItems,
    refunds,
    charges,
    disputes,
    events,
    requests,
    failNext: (mode, times = 1, on = 'checkout') =>
      void (on === 'refunds' ? (refundFailures = { mode, left: times }) : on === 'balance' ? (balanceFailures = { mode, left: times }) : (failures = { mode, left: times })),
    balanceTransactions,
    payout,
    get refundsPending() {
      return state.refundsPending;
    },
    set refundsPending(pending: boolean) {
      state.refundsPending = pending;
    },
    settleRefund,
    failRefund,
    refundCreated,
    complete,
    refundInDashboard,
    dispute,
    closeDispute,
    expire,
    savedCards,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** Posts an event to the site's webhook exactly as Stripe would: raw JSON plus a Stripe-Signature header. */
export async function sendWebhook(url: string, secret: string, event: Stripe.Event, signatureSecret = secret): Promise<Response> {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: signatureSecret });
  return fetch(url, { method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });
}

// ---------------------------------------------------------------------------------------------------
// Saved cards and off-session charges (issue #25, balances that collect themselves). Kept in its own
// section: a deposit session created with payment_intent_data[setup_future_usage]=off_session and
// customer_creation=always saves the test card it was paid with on a Customer; POST /v1/payment_intents
// with off_session and confirm charges it as Stripe does for that test card (Stripe's test payment
// methods: pm_card_visa succeeds, pm_card_visa_chargeDeclined attaches but declines charges,
// pm_card_authenticationRequired needs the customer, which off-session is a failure), and makes the
// payment_intent.succeeded / payment_intent.payment_failed events.
// ---------------------------------------------------------------------------------------------------

export type TestCard = 'visa' | 'declined' | 'authentication';

const testCards: Record<TestCard, { brand: string; last4: string; outcome: 'succeeded' | 'card_declined' | 'authentication_required' }> = {
  visa: { brand: 'visa', last4: '4242', outcome: 'succeeded' },
  declined: { brand: 'visa', last4: '0341', outcome: 'card_declined' },
  authentication: { brand: 'visa', last4: '3155', outcome: 'authentication_required' },
};

type PaymentIntentObject = Record<string, unknown> & { id: string; status: string; amount: number; payment_method: string | null; customer: string | null; metadata: Record<string, string> };
type PaymentMethodObject = Record<string, unknown> & { id: string; customer: string | null; card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: string; country: string } };

export interface SavedCards {
  customers: Map<string, Record<string, unknown> & { id: string }>;
  paymentMethods: Map<string, PaymentMethodObject>;
  paymentIntents: Map<string, PaymentIntentObject>;
  /** Off-session payment intents created through the API, oldest first. */
  offSessionIntents(): PaymentIntentObject[];
  /** The card starts behaving like another test card (e.g. declines from now on). */
  behaveAs(paymentMethodId: string, card: TestCard): void;
  /** The session's own fields for what it was asked (saving the card, the consent text). */
  sessionFields(sessionId: string, form: Record<string, unknown>): Record<string, unknown>;
  /** The consent text the session shows above its Pay button (custom_text.submit.message). */
  consentOf(sessionId: string): string | null;
  /** A session was paid: its payment intent, and the saved card and customer when it asked to save. */
  sessionPaid(session: Record<string, unknown>, paymentIntent: string, card: TestCard): void;
  route(method: string, url: URL, body: string, idempotencyKey: string | string[] | undefined): { status: number; body: unknown; event?: Stripe.Event } | null;
}

function startSavedCards(event: (type: string, object: Record<string, unknown>) => Stripe.Event): SavedCards {
  const customers: SavedCards['customers'] = new Map();
  const paymentMethods: SavedCards['paymentMethods'] = new Map();
  const paymentIntents: SavedCards['paymentIntents'] = new Map();
  const behaviour = new Map<string, TestCard>();
  const answered = new Map<string, { status: number; body: unknown }>();
  const offSession: string[] = [];
  // What each session asked for that Stripe keeps on the payment intent rather than the session.
  const asked = new Map<string, { saving: boolean; metadata: Record<string, string>; consent: string | null }>();
  const now = () => Math.floor(Date.now() / 1000);
  const missing = (kind: string, what: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${what}'` } } });

  const makeCard = (customer: string | null, card: TestCard): PaymentMethodObject => {
    const pm: PaymentMethodObject = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: testCards[card].brand, last4: testCards[card].last4, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit', country: 'US' },
      billing_details: { address: null, email: null, name: null, phone: null },
      livemode: false,
      metadata: {},
      created: now(),
    };
    paymentMethods.set(pm.id, pm);
    behaviour.set(pm.id, card);
    return pm;
  };

  const withExpand = (intent: PaymentIntentObject, url: URL) => {
    const expand = [...url.searchParams.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
    return expand.includes('payment_method') && intent.payment_method ? { ...intent, payment_method: paymentMethods.get(intent.payment_method) ?? intent.payment_method } : intent;
  };

  const createIntent = (form: Record<string, unknown>): { status: number; body: unknown; event?: Stripe.Event } => {
    const amount = Number(form.amount);
    const currency = String(form.currency ?? 'usd');
    const customer = typeof form.customer === 'string' ? form.customer : null;
    const pmId = typeof form.payment_method === 'string' ? form.payment_method : null;
    if (!Number.isInteger(amount) || amount < 50) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' } } };
    if (customer && !customers.has(customer)) return missing('customer', customer);
    const pm = pmId ? paymentMethods.get(pmId) : undefined;
    if (pmId && !pm) return missing('payment_method', pmId);
    if (pm && pm.customer !== customer) {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_method_not_attached', message: `The provided PaymentMethod ${pmId} was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer.` } } };
    }
    const confirm = form.confirm === 'true';
    const intent: PaymentIntentObject = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      customer,
      description: (form.description as string | undefined) ?? null,
      latest_charge: null,
      last_payment_error: null,
      livemode: false,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      payment_method: pmId,
      payment_method_types: ['card'],
      status: pmId ? 'requires_confirmation' : 'requires_payment_method',
      created: now(),
    };
    paymentIntents.set(intent.id, intent);
    if (form.off_session === 'true') offSession.push(intent.id);
    if (!confirm || !pm) return { status: 200, body: intent };
    const outcome = testCards[behaviour.get(pm.id) ?? 'visa'].outcome;
    if (outcome === 'succeeded') {
      const charge = id('ch');
      Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: charge });
      return { status: 200, body: intent, event: event('payment_intent.succeeded', intent) };
    }
    // Off-session, a card that needs its holder is a failure, as is a decline: the intent goes back to
    // requires_payment_method with the error, and the API answers 402 with the intent inside the error.
    const error =
      outcome === 'card_declined'
        ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', doc_url: 'https://stripe.com/docs/error-codes/card-declined' }
        : { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.', doc_url: 'https://stripe.com/docs/error-codes/authentication-required' };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { ...error, payment_method: pm } });
    const failed = event('payment_intent.payment_failed', intent);
    return { status: 402, body: { error: { ...error, payment_intent: intent, payment_method: pm } }, event: failed };
  };

  return {
    customers,
    paymentMethods,
    paymentIntents,
    offSessionIntents: () => offSession.map((i) => paymentIntents.get(i)!),
    behaveAs: (pm, card) => void behaviour.set(pm, card),
    sessionFields: (sessionId, form) => {
      const pid = (form.payment_intent_data ?? {}) as { setup_future_usage?: string; metadata?: Record<string, string> };
      const text = ((form.custom_text ?? {}) as { submit?: { message?: string } }).submit?.message ?? null;
      asked.set(sessionId, { saving: pid.setup_future_usage === 'off_session', metadata: pid.metadata ?? {}, consent: text });
      return {
        customer_creation: (form.customer_creation as string | undefined) ?? 'if_required',
        custom_text: { after_submit: null, shipping_address: null, submit: text ? { message: text } : null, terms_of_service_acceptance: null },
      };
    },
    consentOf: (sessionId) => asked.get(sessionId)?.consent ?? null,
    sessionPaid: (session, paymentIntent, card) => {
      const customer = String(session.customer);
      customers.set(customer, { id: customer, object: 'customer', email: session.customer_email ?? null, created: now(), livemode: false, metadata: {} });
      // Saved for later only when the session asked (setup_future_usage); otherwise the card is not attached.
      const saving = asked.get(String(session.id))?.saving ?? false;
      const pm = makeCard(saving ? customer : null, card);
      paymentIntents.set(paymentIntent, {
        id: paymentIntent,
        object: 'payment_intent',
        amount: Number(session.amount_total),
        amount_received: Number(session.amount_total),
        currency: 'usd',
        customer,
        latest_charge: null,
        last_payment_error: null,
        livemode: false,
        metadata: asked.get(String(session.id))?.metadata ?? {},
        payment_method: pm.id,
        setup_future_usage: saving ? 'off_session' : null,
        status: 'succeeded',
        created: now(),
      });
    },
    route: (method, url, body, key) => {
      if (method === 'POST' && url.pathname === '/v1/payment_intents') {
        if (typeof key === 'string' && answered.has(key)) return answered.get(key)!;
        const made = createIntent(parseForm(body));
        if (typeof key === 'string') answered.set(key, { status: made.status, body: made.body });
        return made;
      }
      const intent = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
      if (method === 'GET' && intent) {
        const found = paymentIntents.get(intent[1]!);
        return found ? { status: 200, body: withExpand(found, url) } : missing('payment_intent', intent[1]!);
      }
      const customer = /^\/v1\/customers\/([\w]+)$/.exec(url.pathname);
      if (method === 'GET' && customer) {
        const found = customers.get(customer[1]!);
        return found ? { status: 200, body: found } : missing('customer', customer[1]!);
      }
      const pm = /^\/v1\/payment_methods\/([\w]+)$/.exec(url.pathname);
      if (method === 'GET' && pm) {
        const found = paymentMethods.get(pm[1]!);
        return found ? { status: 200, body: found } : missing('payment_method', pm[1]!);
      }
      return null;
    },
  };
}
