import type { Config } from '@netlify/functions';
import {
  accountingLog,
  accountingStatus,
  disconnect,
  finishConnection,
  quickbooksChoices,
  resendFrom,
  retryItem,
  saveAccountingSettings,
  sendAccountingSoon,
  startConnection,
} from '../../src/lib/accounting/index.server';
import { accountingSettingsSchema } from '../../src/lib/accounting';
import { adminRoute } from '../../src/lib/admin/index.server';
import { getSettings } from '../../src/lib/business/index.server';
import { categoryOptions } from '../../src/lib/catalog/index.server';
import { env } from '../../src/lib/config';
import { db } from '../../src/lib/db/index.server';
import { parseJson, parseQuery, recordId } from '../../src/lib/http';
import { adminPaths } from '../../src/lib/paths';
import { z } from '../../src/lib/validation';

export const config: Config = {
  path: [
    '/api/admin/accounting',
    '/api/admin/accounting/connect',
    '/api/admin/accounting/callback',
    '/api/admin/accounting/choices',
    '/api/admin/accounting/mapping',
    '/api/admin/accounting/disconnect',
    '/api/admin/accounting/resend',
    '/api/admin/accounting/items/:id/retry',
  ],
};

/**
 * Intuit sends the owner back to Settings (a page), and the app's redirect URI at developer.intuit.com
 * must be exactly this. Not to an endpoint: the staff session cookie is SameSite=Strict, so a
 * navigation that comes from Intuit's site carries none; the screen posts Intuit's code to the
 * callback itself, from the site's own page.
 */
const redirectUri = () => `${env().SITE_URL.replace(/\/$/, '')}${adminPaths.settings}`;

const logQuery = z.object({
  status: z.enum(['waiting', 'sent', 'failed']).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
const callbackBody = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  realmId: z.string().regex(/^[0-9]{1,32}$/, 'realmId is QuickBooks’ company id (digits)'),
});
const resendBody = z.object({ from: z.iso.date({ error: 'A date, YYYY-MM-DD' }) });

/**
 * Settings → Accounting (owners only): QuickBooks Online's connection (Intuit OAuth 2.0), the
 * mapping of the site's money to QuickBooks items and accounts, and the sync log (each item waiting,
 * sent or failed with QuickBooks' own message; retry; send again from a date).
 */
export default adminRoute(config, {
  params: { id: recordId },
  routes: {
    '/api/admin/accounting': {
      GET: {
        role: 'owner',
        run: async ({ url }) => {
          const query = parseQuery(url, logQuery);
          const now = new Date();
          const [status, items] = await Promise.all([accountingStatus(db(), now), accountingLog(db(), { ...query, limit: 50 })]);
          return { ...status, redirectUri: redirectUri(), items };
        },
      },
    },
    '/api/admin/accounting/connect': {
      POST: { role: 'owner', run: () => startConnection(db(), redirectUri(), new Date()) },
    },
    '/api/admin/accounting/callback': {
      POST: {
        role: 'owner',
        run: async ({ req, staff, audit }) => {
          await finishConnection(db(), await parseJson(req, callbackBody), redirectUri(), { email: staff.email, audit }, new Date());
          // What waited while the connection was broken goes now, not at the next housekeeping run.
          await sendAccountingSoon(db(), new Date());
          return accountingStatus(db(), new Date());
        },
      },
    },
    '/api/admin/accounting/choices': {
      GET: {
        role: 'owner',
        // The site's categories beside QuickBooks' lists: the mapping chooses an item for each.
        run: async () => {
          const [choices, categories] = await Promise.all([quickbooksChoices(db(), new Date()), categoryOptions(db())]);
          return { ...choices, categories: categories.map((c) => ({ id: c.id, name: c.name, active: c.active })) };
        },
      },
    },
    '/api/admin/accounting/mapping': {
      PUT: {
        role: 'owner',
        run: async ({ req, audit }) => {
          await saveAccountingSettings(db(), await parseJson(req, accountingSettingsSchema), audit, new Date());
          // Nothing is sent before the mapping is complete: once it is, what is queued goes now.
          await sendAccountingSoon(db(), new Date());
          return accountingStatus(db(), new Date());
        },
      },
    },
    '/api/admin/accounting/disconnect': {
      POST: {
        role: 'owner',
        run: async ({ audit }) => {
          await disconnect(db(), audit, new Date());
          return accountingStatus(db(), new Date());
        },
      },
    },
    '/api/admin/accounting/resend': {
      POST: {
        role: 'owner',
        run: async ({ req, audit }) => {
          const { from } = await parseJson(req, resendBody);
          const { timezone } = await getSettings(db());
          const result = await resendFrom(db(), from, timezone, audit);
          await sendAccountingSoon(db(), new Date());
          return result;
        },
      },
    },
    '/api/admin/accounting/items/:id/retry': {
      POST: {
        role: 'owner',
        run: async ({ params, audit }) => {
          await retryItem(db(), params.id, audit, new Date());
          await sendAccountingSoon(db(), new Date());
          return accountingLog(db(), { limit: 50 });
        },
      },
    },
  },
});
