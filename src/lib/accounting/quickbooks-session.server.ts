import type { Sql } from '../db/index.server';
import { decryptToken, encryptToken } from './token-crypto.server';
import { IntuitGrantRefused, type IntuitApp, type IntuitTokens, refreshTokens } from './intuit-oauth.server';
import { faultOf, QuickBooksFault } from './quickbooks-faults';

/** Intuit's minimum since 2025 (older minor versions are answered as 75); the shapes in quickbooks-objects.ts are its. */
export const MINOR_VERSION = '75';
/** An access token lasts an hour: it is refreshed when less than this is left, so a run never starts with a dying one. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export interface ConnectionRow {
  status: 'connected' | 'broken' | 'disconnected';
  realm_id: string | null;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  access_expires_at: Date | null;
  refresh_expires_at: Date | null;
  mapping: unknown;
  defer_deposits: boolean;
}

/** Stores a fresh pair of tokens, encrypted, at once: Intuit's refresh rotates the refresh token, so the old one must not be kept. */
export async function storeTokens(sql: Sql, tokens: IntuitTokens, now: Date): Promise<void> {
  await sql`
    update accounting_connections set access_token_enc = ${encryptToken(tokens.accessToken)}, refresh_token_enc = ${encryptToken(tokens.refreshToken)},
      access_expires_at = ${tokens.accessExpiresAt}, refresh_expires_at = ${tokens.refreshExpiresAt}, updated_at = ${now}
    where id`;
}

/**
 * An 'auth' fault found in the site's own stored tokens before QuickBooks was asked: the owner must still
 * connect again, but QuickBooks refused nothing, so its reason is not put in QuickBooks' mouth.
 */
class StoredTokenFault extends QuickBooksFault {}

/**
 * A stored token opened with QUICKBOOKS_TOKEN_KEY. One that does not open (the key was changed, or a backup
 * was restored on a site with another key) can never be used again, as a revoked grant cannot: it is the
 * same fault, so the connection is marked broken and the owner is asked to connect again, instead of every
 * item waiting and retrying on a cipher error while the screen says Connected.
 */
function openToken(stored: string): string {
  try {
    return decryptToken(stored);
  } catch {
    throw new StoredTokenFault(
      'auth',
      'The stored QuickBooks tokens do not open with this site’s QUICKBOOKS_TOKEN_KEY (it was changed, or a backup was restored under another key): connect QuickBooks again.',
      401,
    );
  }
}

/** Why the connection is broken, in the owner's words: QuickBooks' refusal, or what is wrong with the stored tokens. */
export function brokenReason(fault: QuickBooksFault): string {
  return fault instanceof StoredTokenFault ? fault.message : `QuickBooks refused the connection: ${fault.message}`;
}

/** The connection can no longer send: QuickBooks refused its tokens. Staff see why; connecting again mends it. */
export async function markBroken(sql: Sql, reason: string, now: Date): Promise<void> {
  await sql`update accounting_connections set status = 'broken', broken_reason = ${reason.slice(0, 500)}, sending_until = null, updated_at = ${now} where id and status = 'connected'`;
}

/**
 * One run's way to the Accounting API: the access token refreshed before it expires, and once more
 * on a 401 (then the fault is the caller's: the connection is broken). Every request carries
 * `minorversion`; a POST carries the queue item's `requestid`, so QuickBooks answers a repeat with
 * what it did the first time instead of doing it again.
 */
export class QuickBooksSession {
  private accessToken: string | null = null;
  private refreshedOnFault = false;

  constructor(
    private readonly sql: Sql,
    private readonly app: IntuitApp,
    private readonly row: ConnectionRow,
    private readonly now: Date,
  ) {}

  private async refresh(): Promise<void> {
    if (!this.row.refresh_token_enc) throw new StoredTokenFault('auth', 'No refresh token is stored: connect QuickBooks again.', 401);
    const refreshToken = openToken(this.row.refresh_token_enc);
    try {
      const tokens = await refreshTokens(this.app, refreshToken, this.now);
      await storeTokens(this.sql, tokens, this.now);
      this.row.refresh_token_enc = encryptToken(tokens.refreshToken);
      this.row.access_expires_at = tokens.accessExpiresAt;
      this.accessToken = tokens.accessToken;
    } catch (error) {
      if (error instanceof IntuitGrantRefused) throw new QuickBooksFault('auth', error.message, 401);
      throw new QuickBooksFault('unavailable', (error as Error).message, 503);
    }
  }

  private async token(): Promise<string> {
    if (this.accessToken) return this.accessToken;
    const expires = this.row.access_expires_at?.getTime() ?? 0;
    if (!this.row.access_token_enc || expires - this.now.getTime() < REFRESH_MARGIN_MS) await this.refresh();
    else this.accessToken = openToken(this.row.access_token_enc);
    return this.accessToken!;
  }

  async request<T = Record<string, unknown>>(method: 'GET' | 'POST', resource: string, options: { body?: unknown; params?: Record<string, string>; requestId?: string } = {}): Promise<T> {
    const params = new URLSearchParams({ minorversion: MINOR_VERSION, ...options.params, ...(options.requestId ? { requestid: options.requestId } : {}) });
    const url = `${this.app.apiBase}/v3/company/${encodeURIComponent(this.row.realm_id ?? '')}/${resource}?${params}`;
    for (;;) {
      const token = await this.token();
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(options.body ? { 'content-type': 'application/json' } : {}) },
          body: options.body ? JSON.stringify(options.body) : null,
          signal: AbortSignal.timeout(20_000),
        });
      } catch (error) {
        throw new QuickBooksFault('unavailable', `QuickBooks did not answer (${(error as Error).message}).`, 0);
      }
      const body = (await response.json().catch(() => null)) as unknown;
      const fault = faultOf(response.status, body);
      if (!fault) return body as T;
      if (fault.kind === 'auth' && !this.refreshedOnFault) {
        this.refreshedOnFault = true;
        await this.refresh();
        continue;
      }
      throw fault;
    }
  }
}
