import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { e2eContentDir, e2eDataDir, e2eHumanCheckSecret, e2eOwner, e2ePort, e2eTwilioAuthToken, NEW_BUSINESS_SERVER_STARTING, newBusinessOwner, newBusinessPort } from './tests/support/e2e-env';

const port = e2ePort;
const stripeDoublePort = Number(process.env.STRIPE_DOUBLE_PORT ?? 12111);
// The site takes deposits through the real Stripe SDK, pointed at a local double that also plays
// Stripe's hosted payment page and sends signed webhooks back.
const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  STRIPE_API_BASE: `http://127.0.0.1:${stripeDoublePort}`,
};
// Texts go through the real provider code to a local Twilio double (tests/support/twilio-double.ts).
const twilioDoublePort = Number(process.env.TWILIO_DOUBLE_PORT ?? stripeDoublePort + 1);
const twilio = {
  TWILIO_ACCOUNT_SID: `AC${'e2e0'.repeat(8)}`,
  TWILIO_AUTH_TOKEN: e2eTwilioAuthToken,
  TWILIO_FROM: '+15005550006',
  TWILIO_API_BASE: `http://127.0.0.1:${twilioDoublePort}`,
};
// QuickBooks Online through the real client (src/lib/accounting) to a local double of Intuit's consent
// screen, token service and Accounting API (tests/support/quickbooks-double.ts).
const quickbooksDoublePort = Number(process.env.QUICKBOOKS_DOUBLE_PORT ?? stripeDoublePort + 2);
const quickbooks = {
  QUICKBOOKS_CLIENT_ID: 'ABe2eQuickBooksClient',
  QUICKBOOKS_CLIENT_SECRET: 'e2e-quickbooks-secret',
  QUICKBOOKS_TOKEN_KEY: 'ZTJlLXF1aWNrYm9va3MtdG9rZW4ta2V5LTMyLWJ5dGU=',
  QUICKBOOKS_API_BASE: `http://127.0.0.1:${quickbooksDoublePort}`,
  QUICKBOOKS_OAUTH_BASE: `http://127.0.0.1:${quickbooksDoublePort}`,
};
// Debian's headless shell (package chromium-headless-shell): the same Chromium engine without the
// browser's window and tab strip, what Playwright itself runs headless. With the full browser the
// end-to-end run took 27.5 minutes against 20.9 (docs/testing.md); Debian's full Chromium where only it
// is installed; Playwright's own browser on a laptop.
const debianChromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

/**
 * End-to-end tests run against the production build served with its functions (`npm start`)
 * on a throwaway embedded database in .data/e2e.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // Form tests run axe in several states; on a 2-core machine with the server, Chromium and two
  // workers sharing it, 30 s per test is too tight. Individual expectations keep their own limits.
  timeout: 90_000,
  // What a page shows after loading its scripts (an island hydrated, a price or a booking fetched) took more
  // than Playwright's default 5 s on the busy 2-core machine; an expectation that holds waits no longer for it.
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://localhost:${port}`,
    // No trace: recording one for every test (screencast and DOM snapshots, kept on failure) was a third
    // of the end-to-end run (20.9 minutes against 13.8). A failure still leaves its page's snapshot
    // (error-context.md); `npx playwright test <spec> --trace on` records one when it is needed.
    trace: 'off',
    launchOptions: {
      ...(debianChromium ? { executablePath: debianChromium } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [
    // Signs the e2e owner in once and saves the browser state: admin specs start signed in, and
    // the sign-in rate limit (per address) is not spent on every test.
    { name: 'admin-sign-in', testMatch: /admin\.setup\.ts/, use: { ...devices['Desktop Chrome'] } },
    // From an empty start to the owner's own business, on a server of its own (started empty). It runs in
    // the last phase beside `publishing` (Playwright runs projects in phases by their dependencies, each
    // phase to its end), whose specs go one at a time and would leave the second worker idle for minutes:
    // its one long test takes that worker, and `chromium`'s tests have both workers in their phase. Its
    // server shares nothing with the main one, whose rebuilds `publishing` waits for.
    { name: 'new-business', testMatch: /new-business\.spec\.ts/, use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${newBusinessPort}` }, dependencies: ['chromium'] },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['admin-sign-in'], testIgnore: /(publishing|new-business|content-editor|pay-later-confirm|waiver-texts|accounting)\.spec\.ts/ },
    // "Publish now" rebuilds the site from the database that the other specs change as they run: last.
    // The content editor's spec publishes too. One at a time: one spec's "Publish now" would otherwise
    // take another's waiting change into its rebuild, and that spec would find nothing waiting.
    { name: 'publishing', testMatch: /(publishing|content-editor|waiver-texts)\.spec\.ts/, use: { ...devices['Desktop Chrome'] }, dependencies: ['chromium'], workers: 1 },
    // Switches the whole site to "pay later" for its own run (the payment mode is one setting): after
    // everything else, so no spec paying on Stripe's page runs beside it.
    { name: 'pay-later', testMatch: /pay-later-confirm\.spec\.ts/, use: { ...devices['Desktop Chrome'] }, dependencies: ['publishing'], workers: 1 },
    // QuickBooks sends nothing of the demo business: this spec makes the site a business of its own in the
    // database for its run (and the demo again after), so it runs last, beside nothing else.
    { name: 'accounting', testMatch: /accounting\.spec\.ts/, use: { ...devices['Desktop Chrome'] }, dependencies: ['pay-later'], workers: 1 },
  ],
  webServer: [
    {
      // The same production server started empty (START_EMPTY=true), from its own copy of the project.
      // Playwright starts its servers one after another, each once the one before is ready: first, and
      // taken as started once it has copied the project, this one makes its database and build beside the
      // main server's instead of after it (every test waited about 25 s more for it). Its one spec waits
      // for its health check (new-business.spec.ts); the URL still refuses a server already running there.
      command: 'nice -n 10 tsx tests/support/new-business-server.ts',
      env: { PORT: String(newBusinessPort), ADMIN_EMAIL: newBusinessOwner.email, ADMIN_PASSWORD: newBusinessOwner.password, HUMAN_CHECK_SECRET: e2eHumanCheckSecret, ASTRO_TELEMETRY_DISABLED: '1', SITE_URL: `http://localhost:${newBusinessPort}`, WEB_CONCURRENCY: '1' },
      url: `http://localhost:${newBusinessPort}/api/health`,
      wait: { stdout: new RegExp(NEW_BUSINESS_SERVER_STARTING) },
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: 'tsx tests/support/stripe-double-server.ts',
      env: { ...stripe, STRIPE_DOUBLE_PORT: String(stripeDoublePort), SITE_URL: `http://localhost:${port}` },
      port: stripeDoublePort,
      reuseExistingServer: false,
    },
    {
      command: 'tsx tests/support/twilio-double-server.ts',
      env: { ...twilio, TWILIO_DOUBLE_PORT: String(twilioDoublePort), SITE_URL: `http://localhost:${port}` },
      port: twilioDoublePort,
      reuseExistingServer: false,
    },
    {
      command: 'tsx tests/support/quickbooks-double-server.ts',
      env: { ...quickbooks, QUICKBOOKS_DOUBLE_PORT: String(quickbooksDoublePort) },
      port: quickbooksDoublePort,
      reuseExistingServer: false,
    },
    {
      // The content editor's spec saves content: the server edits (and builds from) a copy of src/content,
      // so the repository's files are never left changed. Every spec books from this one machine's address:
      // under the per-visitor booking limit (20 in a 10-minute window) whether a spec got a 429 depended on
      // how the suite's bookings fell into the clock's windows, so the limit is lifted here; its own tests
      // are the integration suite's (rate-limits, public-limits, abuse).
      command: `rm -rf ${e2eDataDir} && mkdir -p ${e2eDataDir} && cp -R src/content ${e2eContentDir} && tsx src/cli/start.ts`,
      env: { ...stripe, ...twilio, ...quickbooks, PORT: String(port), DATA_DIR: e2eDataDir, CONTENT_DIR: e2eContentDir, ADMIN_EMAIL: e2eOwner.email, ADMIN_PASSWORD: e2eOwner.password, HUMAN_CHECK_SECRET: e2eHumanCheckSecret, ASTRO_TELEMETRY_DISABLED: '1', SITE_URL: `http://localhost:${port}`, BOOKING_RATE_LIMIT: '100000', LOOKUP_RATE_LIMIT: '100000' },
      url: `http://localhost:${port}/api/health`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'pipe',
    },
  ],
});
