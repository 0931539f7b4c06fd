import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Intuit's OAuth 2.0 server and the QuickBooks Online Accounting API
 * (v3) the site uses, so the real client (src/lib/accounting, plain fetch) runs against it offline:
 *
 * - OAuth: POST /oauth2/v1/tokens/bearer with HTTP basic auth (client id and secret), form-encoded
 *   grant_type authorization_code (a code from `authorize`) or refresh_token; answers Intuit's bearer
 *   token JSON (access_token, expires_in 3600, refresh_token, x_refresh_token_expires_in, token_type);
 *   a refresh rotates the refresh token (the old one keeps working once more, as Intuit's does for a
 *   while, but is then gone); unknown codes or tokens: 400 {"error":"invalid_grant"}.
 *   POST /v2/oauth2/tokens/revoke ({"token": …}) revokes the grant: every token stops working.
 * - Accounting: /v3/company/{realmId}/{entity} (POST: create, sparse update with Id + SyncToken,
 *   `?operation=void`, `?operation=delete`: gone from `objects`, answered as Intuit does with
 *   `{status: 'Deleted', domain, Id}` and no SyncToken), GET /v3/company/{realmId}/{entity}/{id}, GET /v3/company/{realmId}/query?query=
 *   (Customer by PrimaryEmailAddr, Item, Account). Each answer wraps the object in its type name with
 *   `time`, as QuickBooks does. `minorversion` is required (Intuit answers with the minimum, 75, when older
 *   versions are asked; this double refuses a request without one, so the client is known to send it).
 *   `requestid` makes a POST idempotent: the same id gets the first answer again and changes nothing.
 *   SyncToken: an update with a stale one is 400 ValidationFault 5010 "Stale Object Error".
 * - Faults in QuickBooks' JSON shape: {"Fault":{"Error":[{"Message","Detail","code","element"}],"type"},"time"}:
 *   401 AuthenticationFault 3200 (expired or revoked token), 429 ThrottleExceeded 003001, 500
 *   SystemFault, 400 ValidationFault (610 Object Not Found for a reference to an unknown item or
 *   account, 6240 Duplicate Name Exists, 6000 for a business rule), on demand with `failNext`.
 * - Linked transactions, as the API documents them (developer.intuit.com, "Manage linked transactions";
 *   Payment, Invoice and CreditMemo references): a Payment's Line links an Invoice (the amount paid on
 *   it) or a CreditMemo (the credit used), so a zero Payment linking both applies the memo to the
 *   invoice. A line may also link a JournalEntry (the Payment reference lists `JournalEntry` among a
 *   line's LinkedTxn types: "Payment is linked to the representative journal entry"): what the entry
 *   credits to Accounts Receivable for the Payment's customer is used like a memo's credit, so a zero
 *   Payment linking an invoice and such an entry applies that credit to the invoice (how this double
 *   takes it, not checked against a real company). Each Invoice's `Balance` and each CreditMemo's
 *   `RemainingCredit` are what the Payments leave open (worked out again after every write; a voided
 *   invoice's balance is 0). A Payment may not apply more than an invoice's balance or a memo's
 *   remaining credit, nor apply to invoices more than its own amount plus the credits it uses, nor link
 *   another customer's transactions, nor use more of a journal entry than it credits to A/R for that
 *   customer: ValidationFault 6000.
 *   An invoice with any Payment applied to it (a zero one applying a memo too) is not voided: ValidationFault
 *   6000, as integrators report of QuickBooks (it refuses rather than unlinking the payments); nor is one
 *   updated to a total below what Payments apply to it (a negative balance): ValidationFault 6000, taken
 *   to be what QuickBooks does, not checked against a real company.
 * - Closing the books (Company settings → Advanced → Accounting → Close the books): `closeBooks(date)` sets the
 *   closing date, read as Intuit's Preferences entity gives it (GET /v3/company/{realmId}/preferences:
 *   `Preferences.AccountingInfoPrefs.BookCloseDate`, absent while the books are open). A transaction dated on
 *   or before it is neither created, changed, voided nor deleted, nor one moved onto such a date: 400
 *   ValidationFault 6210 "Account Period Closed, Cannot Update Through Services API" (Intuit's error code for a
 *   closed period with a closing password; 6200 without one). A Payment dated after it may still be applied to
 *   an invoice dated before it, as in QuickBooks.
 * - A tiny ledger: `balance(accountId)` from the posted Deposits, JournalEntries, Payments,
 *   RefundReceipts, Invoices and CreditMemos (debit positive; sales lines on their item's income
 *   account, Accounts Receivable the company's one), enough to check what the liability, the bank,
 *   income and A/R hold.
 */
export type QuickBooksEntity = 'Customer' | 'Item' | 'Account' | 'Invoice' | 'Payment' | 'RefundReceipt' | 'CreditMemo' | 'JournalEntry' | 'Deposit';
const ENTITIES: QuickBooksEntity[] = ['Customer', 'Item', 'Account', 'Invoice', 'Payment', 'RefundReceipt', 'CreditMemo', 'JournalEntry', 'Deposit'];

export type QuickBooksRecord = Record<string, unknown> & { Id: string; SyncToken: string };

export type QuickBooksFailure =
  | { kind: '500' | '503' | '429' | '401' | 'timeout' }
  /** A ValidationFault 400 with this message (e.g. a closed period). */
  | { kind: 'validation'; message: string; code?: string };

export interface QuickBooksDouble {
  url: string;
  realmId: string;
  clientId: string;
  clientSecret: string;
  /** Every object by type, in the order made (updates change them in place). */
  objects: Record<QuickBooksEntity, QuickBooksRecord[]>;
  /** Each POST that changed something: type and operation. */
  writes: { entity: QuickBooksEntity; operation: 'create' | 'update' | 'void' | 'delete'; id: string; requestId: string }[];
  /** How many token refreshes were asked for. */
  refreshes: number;
  /** An authorization code, as Intuit's redirect carries it (`code`, `realmId`). */
  authorize(): string;
  /** The next `times` Accounting API requests (not OAuth) fail like this. */
  failNext(failure: QuickBooksFailure, times?: number): void;
  /** Only the next request of this entity fails (others pass): a fault at one step of a sync. */
  failEntity(entity: QuickBooksEntity, failure: QuickBooksFailure): void;
  /** The owner closes the books through this date (`YYYY-MM-DD`), or opens them again (null). */
  closeBooks(through: string | null): void;
  /** Access tokens stop working (as after an hour); refresh tokens still do. */
  expireAccessTokens(): void;
  /** The owner disconnected the app in QuickBooks: no token works any more. */
  revokeAll(): void;
  balance(accountId: string): number;
  ids: { incomeItems: Record<'rentals' | 'delivery' | 'waiver' | 'adjustments' | 'tax' | 'expiredCredit', string>; accounts: Record<'liability' | 'bank' | 'undeposited' | 'fees' | 'ar' | 'breakage' | 'income', string> };
  close(): Promise<void>;
}

const token = (prefix: string) => prefix + randomBytes(18).toString('base64url');
const now = () => new Date().toISOString();
const fault = (type: string, code: string, message: string, detail: string, element = '') => ({ Fault: { Error: [{ Message: message, Detail: detail, code, element }], type }, time: now() });
const money = (v: unknown) => Math.round(Number(v) * 100);

export async function startQuickBooksDouble(
  options: { port?: number; clientId?: string; clientSecret?: string; /** POST /double/fail-entity for a test in another process. */ controlRoutes?: boolean } = {},
): Promise<QuickBooksDouble> {
  const realmId = String(9130350000000000 + Math.floor(Math.random() * 1e9));
  const clientId = options.clientId ?? token('AB');
  const clientSecret = options.clientSecret ?? token('');
  const objects = Object.fromEntries(ENTITIES.map((e) => [e, []])) as unknown as Record<QuickBooksEntity, QuickBooksRecord[]>;
  const writes: QuickBooksDouble['writes'] = [];
  const codes = new Set<string>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Map<string, number>();
  const byRequestId = new Map<string, { status: number; body: unknown }>();
  const failures: QuickBooksFailure[] = [];
  const entityFailures = new Map<QuickBooksEntity, QuickBooksFailure>();
  const hanging = new Set<IncomingMessage>();
  let nextId = 1;
  let refreshes = 0;
  let bookCloseDate: string | null = null;
  /** A transaction's date (QuickBooks dates one sent without it the day it is made). */
  const txnDate = (record: Record<string, unknown>) => (typeof record.TxnDate === 'string' ? record.TxnDate : new Date().toISOString().slice(0, 10));
  const closedPeriod = (...records: Record<string, unknown>[]) =>
    bookCloseDate !== null && records.some((r) => txnDate(r) <= bookCloseDate!)
      ? {
          status: 400,
          body: fault(
            'ValidationFault',
            '6210',
            'Account Period Closed, Cannot Update Through Services API',
            'The account period has closed and the account books cannot be updated through the QBO Services API. Please use the QBO website to make these changes.',
          ),
        }
      : null;

  const add = (entity: QuickBooksEntity, fields: Record<string, unknown>): QuickBooksRecord => {
    const record = { ...fields, Id: String(nextId++), SyncToken: '0', MetaData: { CreateTime: now(), LastUpdatedTime: now() } } as QuickBooksRecord;
    objects[entity].push(record);
    return record;
  };
  const account = (Name: string, AccountType: string) => add('Account', { Name, AccountType, Active: true }).Id;
  const accounts = {
    liability: account('Customer deposits (unearned revenue)', 'Other Current Liability'),
    bank: account('Checking', 'Bank'),
    undeposited: account('Undeposited Funds', 'Other Current Asset'),
    fees: account('Merchant fees', 'Expense'),
    ar: account('Accounts Receivable (A/R)', 'Accounts Receivable'),
  };
  const income = account('Rental income', 'Income');
  const breakage = account('Expired store credit', 'Other Income');
  const item = (Name: string, incomeAccount = income) => add('Item', { Name, Type: 'Service', IncomeAccountRef: { value: incomeAccount }, Active: true }).Id;
  const incomeItems = {
    rentals: item('Rentals'),
    delivery: item('Delivery'),
    waiver: item('Damage waiver'),
    adjustments: item('Adjustments'),
    tax: item('Sales tax'),
    expiredCredit: item('Expired store credit', breakage),
  };

  const find = (entity: QuickBooksEntity, id: unknown) => objects[entity].find((o) => o.Id === String(id));
  const ref = (value: unknown) => (value as { value?: string } | undefined)?.value;

  type PaymentLine = { Amount: unknown; LinkedTxn?: { TxnId: string; TxnType: string }[] };
  const paymentLines = (payment: Record<string, unknown>) => (payment.Line as PaymentLine[] | undefined) ?? [];
  /** What the Payments (but `exceptPaymentId`, being changed) apply to an invoice or use of a memo or a journal entry's credit, in cents. */
  const appliedTo = (type: 'Invoice' | 'CreditMemo' | 'JournalEntry', id: string, exceptPaymentId?: unknown) =>
    objects.Payment.filter((p) => p.Id !== String(exceptPaymentId))
      .flatMap(paymentLines)
      .filter((l) => l.LinkedTxn?.some((t) => t.TxnType === type && t.TxnId === id))
      .reduce((sum, l) => sum + money(l.Amount), 0);
  /** Each invoice's Balance and each memo's RemainingCredit, as the Payments leave them. */
  function settle() {
    for (const invoice of objects.Invoice) invoice.Balance = invoice.Voided ? 0 : (money(invoice.TotalAmt) - appliedTo('Invoice', invoice.Id)) / 100;
    for (const memo of objects.CreditMemo) memo.RemainingCredit = (money(memo.TotalAmt) - appliedTo('CreditMemo', memo.Id)) / 100;
  }
  type EntryLine = { Amount: unknown; JournalEntryLineDetail: { PostingType: string; AccountRef: { value: string }; Entity?: { EntityRef?: { value?: string } } } };
  /** What a journal entry credits to Accounts Receivable for a customer, in cents: the credit a Payment can apply to that customer's invoices. */
  const entryCredit = (entry: QuickBooksRecord, customerId: unknown) =>
    ((entry.Line as EntryLine[] | undefined) ?? [])
      .filter((l) => l.JournalEntryLineDetail.PostingType === 'Credit' && l.JournalEntryLineDetail.AccountRef.value === accounts.ar && l.JournalEntryLineDetail.Entity?.EntityRef?.value === ref(customerId))
      .reduce((sum, l) => sum + money(l.Amount), 0);
  /** A Payment's links checked against what is open (its own earlier links left out when it is changed). */
  function paymentProblem(body: Record<string, unknown>): string | null {
    let toInvoices = 0;
    let fromCredits = 0;
    for (const line of paymentLines(body)) {
      for (const linked of line.LinkedTxn ?? []) {
        if (linked.TxnType === 'JournalEntry') {
          // A journal entry's credit to A/R for this customer, used like a memo's (none: another customer's, or no credit to A/R).
          const credit = entryCredit(find('JournalEntry', linked.TxnId)!, body.CustomerRef);
          if (credit === 0) return `JournalEntry ${linked.TxnId} has no credit to Accounts Receivable for this customer.`;
          const open = credit - appliedTo('JournalEntry', linked.TxnId, body.Id);
          if (money(line.Amount) > open) return `The amount applied from JournalEntry ${linked.TxnId} is more than it has open (${open / 100}).`;
          fromCredits += money(line.Amount);
          continue;
        }
        if (linked.TxnType !== 'Invoice' && linked.TxnType !== 'CreditMemo') continue;
        const target = find(linked.TxnType, linked.TxnId)!;
        if (ref(target.CustomerRef) !== ref(body.CustomerRef)) return `${linked.TxnType} ${linked.TxnId} is another customer's.`;
        const open = linked.TxnType === 'Invoice' ? (target.Voided ? 0 : money(target.TotalAmt)) - appliedTo('Invoice', target.Id, body.Id) : money(target.TotalAmt) - appliedTo('CreditMemo', target.Id, body.Id);
        if (money(line.Amount) > open) return `The amount applied to ${linked.TxnType} ${linked.TxnId} is more than it has open (${open / 100}).`;
        if (linked.TxnType === 'Invoice') toInvoices += money(line.Amount);
        else fromCredits += money(line.Amount);
      }
    }
    if (toInvoices > money(body.TotalAmt) + fromCredits) return 'The amount applied to invoices is more than the payment and the credits it uses.';
    return null;
  }

  /** ValidationFault message or null: the references a transaction carries must exist. */
  function validate(entity: QuickBooksEntity, body: Record<string, unknown>): ReturnType<typeof fault> | null {
    const missing = (what: string, element: string) => fault('ValidationFault', '610', 'Object Not Found', `Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees. (${what})`, element);
    if (entity === 'Customer') {
      if (!body.DisplayName) return fault('ValidationFault', '2020', 'Required param missing, need to supply the required value for the API', 'Required parameter DisplayName is missing in the request', 'DisplayName');
      const taken = objects.Customer.some((c) => c.DisplayName === body.DisplayName && c.Id !== body.Id);
      if (taken) return fault('ValidationFault', '6240', 'Duplicate Name Exists Error', 'The name supplied already exists. : Another customer is already using this name. Please use a different name.');
      return null;
    }
    const customer = ref(body.CustomerRef);
    if (['Invoice', 'Payment', 'RefundReceipt', 'CreditMemo'].includes(entity) && !find('Customer', customer)) return missing(`Customer ${String(customer)}`, 'CustomerRef');
    for (const line of (body.Line as Record<string, Record<string, unknown>>[] | undefined) ?? []) {
      const itemRef = ref(line.SalesItemLineDetail?.ItemRef);
      if ((line.DetailType as unknown) === 'SalesItemLineDetail' && !find('Item', itemRef)) return missing(`Item ${String(itemRef)}`, 'ItemRef');
      const accountRef = ref(line.DepositLineDetail?.AccountRef ?? line.JournalEntryLineDetail?.AccountRef);
      if (accountRef !== undefined && !find('Account', accountRef)) return missing(`Account ${accountRef}`, 'AccountRef');
      for (const linked of (line.LinkedTxn as unknown as { TxnId: string; TxnType: QuickBooksEntity }[] | undefined) ?? []) {
        if (!find(linked.TxnType, linked.TxnId)) return missing(`${linked.TxnType} ${linked.TxnId}`, 'LinkedTxn');
      }
    }
    const bank = ref(body.DepositToAccountRef);
    if (bank !== undefined && !find('Account', bank)) return missing(`Account ${bank}`, 'DepositToAccountRef');
    if (entity === 'Payment') {
      const problem = paymentProblem(body);
      if (problem) return fault('ValidationFault', '6000', 'A business validation error has occurred while processing your request', `Business Validation Error: ${problem}`);
    }
    if (entity === 'JournalEntry') {
      const lines = (body.Line as { Amount: number; JournalEntryLineDetail: { PostingType: string } }[] | undefined) ?? [];
      const sum = lines.reduce((s, l) => s + (l.JournalEntryLineDetail.PostingType === 'Debit' ? money(l.Amount) : -money(l.Amount)), 0);
      if (sum !== 0 || lines.length < 2) return fault('ValidationFault', '6000', 'A business validation error has occurred while processing your request', 'Business Validation Error: Your debits and credits must be equal.');
    }
    return null;
  }

  /** The total QuickBooks works out from the lines, in cents. */
  function total(entity: QuickBooksEntity, body: Record<string, unknown>): number {
    const lines = (body.Line as { Amount: number; DetailType: string }[] | undefined) ?? [];
    if (entity === 'Payment') return money(body.TotalAmt);
    return lines.reduce((s, l) => (l.DetailType === 'SubTotalLineDetail' ? s : s + (l.DetailType === 'DiscountLineDetail' ? -money(l.Amount) : money(l.Amount))), 0);
  }

  const isTransaction = (entity: QuickBooksEntity) => !['Customer', 'Item', 'Account'].includes(entity);

  function write(entity: QuickBooksEntity, body: Record<string, unknown>, operation: string | null, requestId: string): { status: number; body: unknown } {
    if (operation === 'void' || body.Id !== undefined) {
      const existing = find(entity, body.Id);
      if (!existing) return { status: 400, body: fault('ValidationFault', '610', 'Object Not Found', `Object Not Found : Another user has deleted this transaction. (${entity} ${String(body.Id)})`) };
      if (existing.SyncToken !== String(body.SyncToken)) {
        return { status: 400, body: fault('ValidationFault', '5010', 'Stale Object Error', `Stale Object Error : You and ${'another user'} were working on the same thing. If you continue, you may overwrite the other person's changes. (SyncToken ${String(body.SyncToken)} is not ${existing.SyncToken})`) };
      }
      // A void or a delete carries no date of its own: the record's decides.
      const closed = !isTransaction(entity) ? null : operation ? closedPeriod(existing) : closedPeriod(existing, body.sparse ? { ...existing, ...body } : body);
      if (closed) return closed;
      if (operation === 'delete') {
        objects[entity].splice(objects[entity].indexOf(existing), 1);
        writes.push({ entity, operation: 'delete', id: existing.Id, requestId });
        settle();
        return { status: 200, body: { [entity]: { status: 'Deleted', domain: 'QBO', Id: existing.Id }, time: now() } };
      }
      if (operation === 'void') {
        // QuickBooks will not void an invoice a Payment is still applied to (a zero one applying a credit
        // memo too): it does not unlink them, it refuses (docs/decisions.md). The words are this double's.
        const applied = entity === 'Invoice' ? appliedTo('Invoice', existing.Id) : 0;
        if (applied > 0) {
          return { status: 400, body: fault('ValidationFault', '6000', 'A business validation error has occurred while processing your request', `Business Validation Error: Invoice ${existing.Id} has payments of ${applied / 100} applied to it: it cannot be voided while they are.`) };
        }
        Object.assign(existing, { Line: [], TotalAmt: 0, Balance: 0, PrivateNote: 'Voided', Voided: true });
      } else {
        const merged = body.sparse ? { ...existing, ...body } : { ...body };
        const invalid = validate(entity, merged);
        if (invalid) return { status: 400, body: invalid };
        // Nor, it is taken here, lower an invoice below what Payments apply to it (a negative balance):
        // not checked against a real company; the words are this double's.
        const applied = entity === 'Invoice' ? appliedTo('Invoice', existing.Id) : 0;
        if (applied > total(entity, merged)) {
          return { status: 400, body: fault('ValidationFault', '6000', 'A business validation error has occurred while processing your request', `Business Validation Error: Invoice ${existing.Id} has payments of ${applied / 100} applied to it: its total cannot be less than that.`) };
        }
        for (const key of Object.keys(existing)) if (!(key in merged)) delete existing[key];
        Object.assign(existing, merged, { TotalAmt: total(entity, merged) / 100 });
      }
      existing.SyncToken = String(Number(existing.SyncToken) + 1);
      existing.sparse = undefined;
      writes.push({ entity, operation: operation === 'void' ? 'void' : 'update', id: existing.Id, requestId });
      settle();
      return { status: 200, body: { [entity]: existing, time: now() } };
    }
    const invalid = validate(entity, body);
    if (invalid) return { status: 400, body: invalid };
    const closed = isTransaction(entity) ? closedPeriod(body) : null;
    if (closed) return closed;
    const totalAmt = total(entity, body) / 100;
    const record = add(entity, { ...body, TotalAmt: totalAmt, ...(entity === 'Invoice' ? { Balance: totalAmt } : {}) });
    writes.push({ entity, operation: 'create', id: record.Id, requestId });
    settle();
    return { status: 200, body: { [entity]: record, time: now() } };
  }

  function query(text: string): { status: number; body: unknown } {
    const match = /^select \* from (\w+)(?: where (\w+) = '((?:[^']|\\')*)')?(?: startposition \d+)?(?: maxresults \d+)?$/i.exec(text.trim());
    const entity = ENTITIES.find((e) => e.toLowerCase() === match?.[1]?.toLowerCase());
    if (!match || !entity) return { status: 400, body: fault('ValidationFault', '4000', 'Error parsing query', `QueryParserError: Encountered "${text.slice(0, 40)}"`) };
    const [, , field, raw] = match;
    const value = raw?.replace(/\\'/g, "'");
    const rows = objects[entity].filter((o) => {
      if (!field) return true;
      const actual = field === 'PrimaryEmailAddr' ? (o.PrimaryEmailAddr as { Address?: string } | undefined)?.Address : o[field];
      return String(actual ?? '').toLowerCase() === String(value).toLowerCase();
    });
    return { status: 200, body: { QueryResponse: rows.length ? { [entity]: rows, startPosition: 1, maxResults: rows.length } : {}, time: now() } };
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://double');
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', intuit_tid: token('tid-'), ...headers });
        res.end(JSON.stringify(body));
      };

      // Intuit's consent screen, as if the owner chose this company and pressed Connect: the browser goes
      // straight back to the app's redirect URI with a code, the app's `state` and the company's realmId.
      if (url.pathname === '/connect/oauth2' && req.method === 'GET') {
        const p = url.searchParams;
        const redirect = p.get('redirect_uri') ?? '';
        if (p.get('client_id') !== clientId || p.get('response_type') !== 'code' || p.get('scope') !== 'com.intuit.quickbooks.accounting' || !/^https?:\/\//.test(redirect) || !p.get('state')) {
          return answer(400, { error: 'invalid_request' });
        }
        const code = token('AB11');
        codes.add(code);
        res.writeHead(302, { location: `${redirect}?${new URLSearchParams({ code, state: p.get('state')!, realmId })}` });
        return res.end();
      }
      // A test in another process (the end-to-end suite) makes one entity's next request fail.
      if (options.controlRoutes && url.pathname === '/double/fail-entity' && req.method === 'POST') {
        const { entity, failure } = JSON.parse(raw) as { entity: QuickBooksEntity; failure: QuickBooksFailure };
        entityFailures.set(entity, failure);
        return answer(200, { ok: true });
      }
      if (url.pathname === '/oauth2/v1/tokens/bearer' && req.method === 'POST') {
        if (req.headers.authorization !== `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`) return answer(401, { error: 'invalid_client' });
        const form = new URLSearchParams(raw);
        const grant = form.get('grant_type');
        if (grant === 'authorization_code') {
          const code = form.get('code') ?? '';
          if (!codes.delete(code) || !form.get('redirect_uri')) return answer(400, { error: 'invalid_grant' });
        } else if (grant === 'refresh_token') {
          const old = form.get('refresh_token') ?? '';
          const uses = refreshTokens.get(old);
          if (uses === undefined || uses >= 2) return answer(400, { error: 'invalid_grant' });
          refreshTokens.set(old, uses + 1);
          refreshes++;
        } else return answer(400, { error: 'unsupported_grant_type' });
        const access = token('eyJ');
        const refresh = token('RT1-');
        accessTokens.add(access);
        refreshTokens.set(refresh, 0);
        return answer(200, { token_type: 'bearer', access_token: access, expires_in: 3600, refresh_token: refresh, x_refresh_token_expires_in: 8726400 });
      }
      if (url.pathname === '/v2/oauth2/tokens/revoke' && req.method === 'POST') {
        accessTokens.clear();
        refreshTokens.clear();
        return answer(200, {});
      }

      const match = /^\/v3\/company\/(\d+)\/(\w+)(?:\/(\d+))?$/.exec(url.pathname);
      if (!match) return answer(404, fault('SystemFault', '10000', 'Resource not found', url.pathname));
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !accessTokens.has(bearer) || match[1] !== realmId) {
        return answer(401, fault('AuthenticationFault', '3200', 'message=AuthenticationFailed; errorCode=003200; statusCode=401', 'Token expired or revoked'));
      }
      if (!url.searchParams.get('minorversion')) return answer(400, fault('ValidationFault', '4000', 'minorversion is required by this double', 'Send ?minorversion=75'));
      const resource = match[2]!.toLowerCase();
      if (resource === 'preferences' && req.method === 'GET') {
        const AccountingInfoPrefs = bookCloseDate === null ? {} : { BookCloseDate: bookCloseDate };
        return answer(200, { Preferences: { Id: '1', SyncToken: '0', AccountingInfoPrefs }, time: now() });
      }
      const entity = resource === 'query' ? null : ENTITIES.find((e) => e.toLowerCase() === resource);
      if (resource !== 'query' && !entity) return answer(404, fault('SystemFault', '10000', 'Unsupported entity', resource));

      const failure = (entity && entityFailures.get(entity)) || failures.shift();
      if (entity && entityFailures.has(entity)) entityFailures.delete(entity);
      if (failure?.kind === 'timeout') {
        hanging.add(req);
        return;
      }
      if (failure?.kind === '500') return answer(500, fault('SystemFault', '10000', 'An application error has occurred while processing your request', 'System Failure Error: An unexpected error occurred while accessing or saving your data.'));
      if (failure?.kind === '503') return answer(503, fault('SystemFault', '10000', 'Service Unavailable', 'The service is temporarily unavailable.'));
      if (failure?.kind === '429') return answer(429, fault('ThrottleExceeded', '003001', 'message=ThrottleExceeded; errorCode=003001; statusCode=429', 'The request limit for this resource has been reached.'), { 'retry-after': '60' });
      if (failure?.kind === '401') return answer(401, fault('AuthenticationFault', '3200', 'message=AuthenticationFailed; errorCode=003200; statusCode=401', 'Token expired'));

      if (resource === 'query') {
        if (failure?.kind === 'validation') return answer(400, fault('ValidationFault', failure.code ?? '6000', failure.message, failure.message));
        const result = query(url.searchParams.get('query') ?? '');
        return answer(result.status, result.body);
      }
      if (req.method === 'GET') {
        const found = match[3] ? find(entity!, match[3]) : undefined;
        return found ? answer(200, { [entity!]: found, time: now() }) : answer(400, fault('ValidationFault', '610', 'Object Not Found', `${entity} ${match[3]}`));
      }
      if (req.method !== 'POST') return answer(405, fault('SystemFault', '10000', 'Method not allowed', req.method ?? ''));
      const requestId = url.searchParams.get('requestid') ?? '';
      const earlier = requestId ? byRequestId.get(requestId) : undefined;
      if (earlier) return answer(earlier.status, earlier.body);
      if (failure?.kind === 'validation') {
        const result = { status: 400, body: fault('ValidationFault', failure.code ?? '6000', failure.message, `Business Validation Error: ${failure.message}`) };
        return answer(result.status, result.body);
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return answer(400, fault('ValidationFault', '2500', 'Invalid Request', 'Request has invalid or unsupported property'));
      }
      const result = write(entity!, body, url.searchParams.get('operation'), requestId);
      if (requestId) byRequestId.set(requestId, result);
      return answer(result.status, result.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  function balance(accountId: string): number {
    let cents = 0;
    for (const d of objects.Deposit) {
      if (ref(d.DepositToAccountRef) === accountId) cents += money(d.TotalAmt);
      for (const l of d.Line as { Amount: number; DepositLineDetail: { AccountRef: { value: string } } }[]) if (l.DepositLineDetail.AccountRef.value === accountId) cents -= money(l.Amount);
    }
    for (const j of objects.JournalEntry) {
      for (const l of j.Line as { Amount: number; JournalEntryLineDetail: { PostingType: string; AccountRef: { value: string } } }[]) {
        if (l.JournalEntryLineDetail.AccountRef.value === accountId) cents += l.JournalEntryLineDetail.PostingType === 'Debit' ? money(l.Amount) : -money(l.Amount);
      }
    }
    // A Payment takes what it received off Accounts Receivable (a zero one, applying a memo, moves nothing).
    for (const p of objects.Payment) {
      if (ref(p.DepositToAccountRef) === accountId) cents += money(p.TotalAmt);
      if (accountId === accounts.ar) cents -= money(p.TotalAmt);
    }
    // Sales lines post to their item's income account: an invoice credits it (A/R debited), a credit memo
    // and a refund receipt debit it (A/R credited, the bank credited). A voided invoice has no lines.
    const lines = (record: QuickBooksRecord) => (record.Line as { Amount: number; DetailType?: string; SalesItemLineDetail?: { ItemRef: { value: string } } }[] | undefined) ?? [];
    const incomeOf = (line: ReturnType<typeof lines>[number]) =>
      line.DetailType === 'DiscountLineDetail' ? income : ref((find('Item', line.SalesItemLineDetail?.ItemRef.value) as { IncomeAccountRef?: unknown } | undefined)?.IncomeAccountRef);
    const sales = (record: QuickBooksRecord, sign: 1 | -1) => {
      for (const line of lines(record)) {
        if (incomeOf(line) === accountId) cents -= sign * (line.DetailType === 'DiscountLineDetail' ? -1 : 1) * money(line.Amount);
      }
    };
    for (const i of objects.Invoice) {
      if (accountId === accounts.ar) cents += money(i.TotalAmt);
      sales(i, 1);
    }
    for (const m of objects.CreditMemo) {
      if (accountId === accounts.ar) cents -= money(m.TotalAmt);
      sales(m, -1);
    }
    for (const r of objects.RefundReceipt) {
      if (ref(r.DepositToAccountRef) === accountId) cents -= money(r.TotalAmt);
      sales(r, -1);
    }
    return cents;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    realmId,
    clientId,
    clientSecret,
    objects,
    writes,
    get refreshes() {
      return refreshes;
    },
    authorize() {
      const code = token('AB11');
      codes.add(code);
      return code;
    },
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i++) failures.push(failure);
    },
    failEntity(entity, failure) {
      entityFailures.set(entity, failure);
    },
    closeBooks(through) {
      bookCloseDate = through;
    },
    expireAccessTokens: () => accessTokens.clear(),
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    balance,
    ids: { incomeItems, accounts: { ...accounts, breakage, income } },
    close: () =>
      new Promise<void>((resolve) => {
        for (const req of hanging) req.socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
