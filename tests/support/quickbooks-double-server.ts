import { startQuickBooksDouble } from './quickbooks-double';

/**
 * The QuickBooks double as a process of its own, for the end-to-end server: Intuit's consent screen,
 * its token service and the Accounting API, with the client id and secret the site is given.
 */
const port = Number(process.env.QUICKBOOKS_DOUBLE_PORT ?? 12723);
const double = await startQuickBooksDouble({
  port,
  ...(process.env.QUICKBOOKS_CLIENT_ID && { clientId: process.env.QUICKBOOKS_CLIENT_ID }),
  ...(process.env.QUICKBOOKS_CLIENT_SECRET && { clientSecret: process.env.QUICKBOOKS_CLIENT_SECRET }),
  controlRoutes: true,
});
console.log(`QuickBooks double listening on ${double.url} (company ${double.realmId})`);
const stop = () => void double.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
