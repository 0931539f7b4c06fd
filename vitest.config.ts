import { defaultExclude, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Every integration test that books, pays, signs or fuzzes, run a second time with the code under
 * test reaching PostgreSQL only through PgBouncer in transaction mode (the kind of pooler
 * production's DATABASE_URL points at), plus the tests written for the pooler itself.
 */
const THROUGH_PGBOUNCER = [
  'tests/integration/no-double-booking.test.ts',
  'tests/integration/place-booking.test.ts',
  // Credits spent at checkout and by staff: row locks and a booking's transaction through the pooler.
  'tests/integration/credit-spending.test.ts',
  // The content editor's saves: an audit entry and a rebuild request in one transaction.
  'tests/integration/admin-content.test.ts',
  'tests/integration/parallel-bookings.test.ts',
  'tests/integration/booking-api.test.ts',
  'tests/integration/booking-without-stripe.test.ts',
  'tests/integration/stripe-faults.test.ts',
  'tests/integration/waivers-api.test.ts',
  'tests/integration/fuzz-functions.test.ts',
  'tests/integration/database-outage.test.ts',
  'tests/integration/rate-limits.test.ts',
  'tests/integration/public-limits.test.ts',
  'tests/integration/stripe-refunds-disputes.test.ts',
  'tests/integration/booking-refunds.test.ts',
  'tests/integration/reminders.test.ts',
  'tests/integration/staff-bookings.test.ts',
  'tests/integration/customer-changes.test.ts',
  'tests/integration/customer-changes-stripe.test.ts',
  'tests/integration/admin-day.test.ts',
  // Waivers signed on the crew's phone: the booking's row lock, the waiver, its e-mails and the audit entry in one transaction.
  'tests/integration/crew-waivers.test.ts',
  // Rain-outs: a date's offers in one transaction, answers and housekeeping racing for one offer.
  'tests/integration/rain-outs.test.ts',
  'tests/integration/mail-limits.test.ts',
  'tests/integration/unpaid-holds.test.ts',
  // Pay-later holds confirmed from the e-mail (issue #36): confirm_booking_request releasing and confirming in one transaction.
  'tests/integration/confirmed-holds.test.ts',
  // QuickBooks Online (issue #41): the queue filled by triggers in each change's transaction, the sender's lease and its per-item transactions.
  'tests/integration/quickbooks-sync.test.ts',
  'tests/integration/quickbooks-sync-links.test.ts',
  'tests/integration/booking-tokens.test.ts',
  'tests/integration/customer-contact.test.ts',
  'tests/integration/staff-two-factor.test.ts',
  'tests/integration/human-check.test.ts',
  // The booking's transaction: its admission committed first, its last statement with the COMMIT.
  'tests/integration/transaction-after.test.ts',
  'tests/integration/abuse.test.ts',
  'tests/integration/admin-imports.test.ts',
  'tests/integration/business-brand.test.ts',
  'tests/integration/admin-setup.test.ts',
  'tests/integration/admin-area-builder.test.ts',
  // The build's redirects of switched-off towns: read from the service areas at build, where DATABASE_URL is the pooler.
  'tests/integration/town-redirects.test.ts',
  // Site rules (issue #38): the generator checked against the catalog inside the settings save's transaction.
  'tests/integration/admin-site-rules.test.ts',
  // The yard (issue #38): one price through the public price, the booking, the desk and the customer's move.
  'tests/integration/site-check.test.ts',
  // The quote request's setup spot (issue #38): the same price through the offer and the booking it becomes.
  'tests/integration/quote-site.test.ts',
  // The yard's photos (issue #38): the limit counted again under the booking's row lock, the customer's audit entry in that transaction.
  'tests/integration/site-photos.test.ts',
  // Staff booking anyway over the yard check (issue #38): the override, its row and its audit entry in the booking's transaction.
  'tests/integration/site-override.test.ts',
  // The setup a booking kept (bookings.site_load), read by its card, the tracking page and the reminder after the rules change.
  'tests/integration/kept-site.test.ts',
  // Balances charged to saved cards: claims under a row lock, two overlapping runs, the webhook backstop.
  'tests/integration/auto-charge.test.ts',
  // Text messages: consent with the booking, STOP through the signed webhook, claims under a row lock.
  'tests/integration/texts.test.ts',
  // The crew app's queued actions: a request key written in the change's transaction, repeats racing for it.
  'tests/integration/request-keys.test.ts',
  // Messages a customer gets (issue #26): once-only sending under the unique key, the cart reminder's row locks.
  'tests/integration/customer-messages.test.ts',
  // The staff's calendar feed: its bookings and the blackouts beside them read for a token, no session.
  'tests/integration/admin-schedule.test.ts',
  'tests/pgbouncer/**/*.test.ts',
];

/**
 * Signs the human check's challenges in the functions under test; src/cli/scripted-proof.ts signs
 * and solves proofs with it, so `call()` sends a real proof with every human-checked form.
 */
const HUMAN_CHECK_SECRET = 'integration-tests-human-check-secret-0123456789';

/**
 * The one test of every function as Netlify's bundler builds it: a project of its own, so that its
 * global setup bundles them all (minutes on a busy 2-core machine, beside the other files) only in runs
 * that include it.
 */
const NETLIFY_BUNDLE_TEST = 'tests/integration/netlify-bundle.test.ts';

/**
 * The bundle test waits for the bundles that its global setup starts building beside the other files
 * (a few minutes): queued after the files straight to PostgreSQL, by when they are built, and before the
 * reruns through PgBouncer, so that the other worker has files to run beside it. (Vitest queues the
 * projects' files by project name: it came last and ran alone.)
 */
class BundleTestAfterTheStraightRun extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isBundleTest = (file: TestSpecification) => file.moduleId.endsWith(NETLIFY_BUNDLE_TEST);
    const isStraight = (file: TestSpecification) => file.project.name === 'integration';
    return [...sorted.filter(isStraight), ...sorted.filter(isBundleTest), ...sorted.filter((file) => !isStraight(file) && !isBundleTest(file))];
  }
}

/** Each test file's temporary files in a folder of their own, deleted after it (tests/support/temporary-folder-setup.ts). */
const TEMPORARY_FOLDER = 'tests/support/temporary-folder-setup.ts';

/** What the unit projects share. */
const UNIT = {
  include: ['src/**/*.test.ts', 'supabase/**/*.test.ts'] as string[],
  environment: 'node',
  setupFiles: TEMPORARY_FOLDER,
  // A few unit tests do real work (a year of instants in four zones, every money sample, composing
  // a booking's messages): on a busy 2-core machine 5 s was not enough, and load is not a failure.
  testTimeout: 60_000,
} as const;

/**
 * The unit test files that mock modules, stub or spy, fake the clock, or change the environment or
 * globals: each loads its modules afresh, so nothing it replaces reaches another file. A new file that
 * does so belongs here (src/unit-isolation.test.ts fails on one that is not).
 */
export const UNIT_ISOLATED = [
  'src/integrations/csp-check.test.ts',
  'src/islands/cart/cart-store.test.ts',
  'src/islands/forms/early-submit.test.ts',
  'src/islands/shared/host-site-return.test.ts',
  'src/islands/shared/live-prices.test.ts',
  'src/lib/calendar/ical.test.ts',
  'src/lib/content/editor-config.test.ts',
  'src/lib/db/gated-socket.server.test.ts',
  'src/lib/db/tls.server.test.ts',
  'src/lib/email/mime.server.test.ts',
  'src/lib/runtime/platform.server.test.ts',
  'src/lib/storage/file-storage.test.ts',
  'src/lib/storage/storage.server.test.ts',
  'src/lib/toast/sonner-toast.test.ts',
  'src/lib/toast/toast-store.test.ts',
  'src/scripts/cart-directive.test.ts',
  'src/scripts/embed/widget-cart.test.ts',
];

/**
 * What every project reaching PostgreSQL shares. A test's limit is there to end a hang, not to time the
 * machine: a test of many staff sign-ins (each a real scrypt hash) took 26-30 s with the machine at a
 * load of 15 and failed at the 30 s limit it had then (admin-auth's 13 sign-ins from one address).
 */
const INTEGRATION = { environment: 'node', testTimeout: 120_000, hookTimeout: 120_000, setupFiles: TEMPORARY_FOLDER } as const;

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    // Two test files at a time (vitest's default on 2 cores is one). An integration file spends most of
    // its time waiting on PostgreSQL, PgBouncer and sockets: one at a time used about a third of one core
    // (16 files: 466 s → 272 s with two, same load; three were slower and timed a test out). Each file
    // has its own database, so files stay independent.
    maxWorkers: 2,
    sequence: { sequencer: BundleTestAfterTheStraightRun },
    projects: [
      {
        test: {
          ...UNIT,
          name: 'unit',
          exclude: [...defaultExclude, ...UNIT_ISOLATED],
          // Pure code: the files of a worker share one module graph instead of loading it again for each
          // file, which was two thirds of the unit run (88 s against 24 s for 248 files). What touches
          // shared state (mocks, stubs, spies, fake timers, the environment, globals) is in UNIT_ISOLATED.
          isolate: false,
        },
      },
      { test: { ...UNIT, name: 'unit-isolated', include: UNIT_ISOLATED } },
      {
        test: {
          ...INTEGRATION,
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...defaultExclude, NETLIFY_BUNDLE_TEST],
          // Straight to PostgreSQL, as npm start runs: the driver keeps prepared statements.
          env: { DATABASE_PREPARED_STATEMENTS: 'true', HUMAN_CHECK_SECRET },
          globalSetup: ['tests/support/postgres-global-setup.ts'],
        },
      },
      {
        test: {
          ...INTEGRATION,
          name: 'netlify-bundle',
          include: [NETLIFY_BUNDLE_TEST],
          env: { DATABASE_PREPARED_STATEMENTS: 'true', HUMAN_CHECK_SECRET },
          globalSetup: ['tests/support/postgres-global-setup.ts', 'tests/support/netlify-bundle-global-setup.ts'],
        },
      },
      {
        test: {
          ...INTEGRATION,
          name: 'integration-pgbouncer',
          include: THROUGH_PGBOUNCER,
          // As production: a transaction-mode pooler cannot keep prepared statements. The fuzzing draws half
          // as many requests as the straight run's (tests/support/fuzz.ts): the same generators a second
          // time, where what the rerun adds is the pooler under each function's statements, not more inputs.
          env: { DATABASE_PREPARED_STATEMENTS: 'false', HUMAN_CHECK_SECRET, FUZZ_SCALE: String((Number(process.env.FUZZ_SCALE) || 1) / 2) },
          globalSetup: ['tests/support/pgbouncer-global-setup.ts'],
        },
      },
    ],
  },
});
