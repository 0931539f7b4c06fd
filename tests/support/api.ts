import type { Context } from '@netlify/functions';
import { localDate, addDays } from '../../src/lib/time/event-window';
import { isHumanChecked, withProof } from '../../src/cli/scripted-proof';

export type Handler = (req: Request, context: Context) => Promise<Response>;

/**
 * Calls a function handler the way Netlify does: a web Request in, a Response out. A POST to a
 * human-checked form whose body has no `humanCheck` field gets a freshly solved proof, as the site's
 * forms send one; a test that means to leave it out or forge it sets the field itself.
 */
export async function call(handler: Handler, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  if (body !== undefined && isHumanChecked(method, path)) body = await withProof(body);
  const init: RequestInit = { method, headers: { 'content-type': 'application/json', ...headers } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await handler(new Request(`http://localhost${path}`, init), { ip: headers['x-test-ip'] ?? '127.0.0.1', deploy: { id: '' } } as unknown as Context);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** A local date `days` from today in the business time zone: inside the booking horizon, past the lead time. */
export function futureDate(days: number): string {
  return addDays(localDate(new Date(), 'America/Chicago'), days);
}
