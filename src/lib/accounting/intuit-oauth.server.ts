import { env } from '../config';

/**
 * Intuit's OAuth 2.0 with plain fetch: three form posts and a URL (authorization code, refresh,
 * revoke), against the endpoints of Intuit's discovery document. The official `intuit-oauth` client
 * would bring axios and its own token object for the same calls, and no way to point it at the local
 * double other than patching its URLs; fetch keeps one HTTP path, tested against the double.
 */
export const INTUIT_AUTHORIZE_URL = 'https://appcenter.intuit.com/connect/oauth2';
const OAUTH_BASE = 'https://oauth.platform.intuit.com';
const REVOKE_BASE = 'https://developer.api.intuit.com';
export const ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';

export interface IntuitApp {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  /** Intuit's consent screen, where the owner chooses the company. */
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string;
}

/** The Intuit app from the environment, or null when it is not set (nothing is sent). */
export function intuitApp(): IntuitApp | null {
  const e = env();
  if (!e.QUICKBOOKS_CLIENT_ID || !e.QUICKBOOKS_CLIENT_SECRET || !e.QUICKBOOKS_TOKEN_KEY) return null;
  const oauth = e.QUICKBOOKS_OAUTH_BASE?.replace(/\/$/, '');
  return {
    clientId: e.QUICKBOOKS_CLIENT_ID,
    clientSecret: e.QUICKBOOKS_CLIENT_SECRET,
    apiBase: (e.QUICKBOOKS_API_BASE ?? (e.QUICKBOOKS_ENVIRONMENT === 'sandbox' ? 'https://sandbox-quickbooks.api.intuit.com' : 'https://quickbooks.api.intuit.com')).replace(/\/$/, ''),
    // The double plays the consent screen too (it sends the browser straight back with a code).
    authorizeUrl: oauth ? `${oauth}/connect/oauth2` : INTUIT_AUTHORIZE_URL,
    tokenUrl: `${oauth ?? OAUTH_BASE}/oauth2/v1/tokens/bearer`,
    revokeUrl: `${oauth ?? REVOKE_BASE}/v2/oauth2/tokens/revoke`,
  };
}

export interface IntuitTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/** Intuit refused the grant (a used or revoked refresh token, a bad code): connecting again is the only way. */
export class IntuitGrantRefused extends Error {
  override name = 'IntuitGrantRefused';
}

const basic = (app: IntuitApp) => `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`;

async function tokenRequest(app: IntuitApp, form: Record<string, string>, now: Date): Promise<IntuitTokens> {
  const response = await fetch(app.tokenUrl, {
    method: 'POST',
    headers: { authorization: basic(app), accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 400 || response.status === 401) throw new IntuitGrantRefused(`Intuit refused the connection (${String(body.error ?? response.status)}).`);
  if (!response.ok || typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string') {
    throw new Error(`Intuit's token service answered ${response.status}.`);
  }
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    accessExpiresAt: new Date(now.getTime() + Number(body.expires_in ?? 3600) * 1000),
    refreshExpiresAt: new Date(now.getTime() + Number(body.x_refresh_token_expires_in ?? 8_726_400) * 1000),
  };
}

export const authorizationUrl = (app: IntuitApp, redirectUri: string, state: string) =>
  `${app.authorizeUrl}?${new URLSearchParams({ client_id: app.clientId, response_type: 'code', scope: ACCOUNTING_SCOPE, redirect_uri: redirectUri, state })}`;

export const exchangeCode = (app: IntuitApp, code: string, redirectUri: string, now: Date) =>
  tokenRequest(app, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, now);

export const refreshTokens = (app: IntuitApp, refreshToken: string, now: Date) => tokenRequest(app, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);

/** Best effort: a token Intuit no longer knows is as good as revoked. */
export async function revokeToken(app: IntuitApp, token: string): Promise<void> {
  await fetch(app.revokeUrl, {
    method: 'POST',
    headers: { authorization: basic(app), accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
    signal: AbortSignal.timeout(15_000),
  }).catch((error: unknown) => console.error('Revoking the QuickBooks token failed:', error));
}
