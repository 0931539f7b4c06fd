import { describe, expect, it } from 'vitest';
import { projectSources } from '../../../../tests/support/source-imports';

/**
 * One date format across the staff screens: a date in a list, a table, a card or a sentence reads
 * "Mar 2, 2027" (formatMediumDate, the bookings list's), never without its year ("Sat, Mar 2", "March 2",
 * "03-02"): the lists run across years, and last March's party read like next March's. A day's own
 * heading (the day screen, its run sheet) keeps the long form, which has its year too.
 */
const SHORT_DATES = [
  { name: 'formatShortDate (no year)', pattern: /\bformatShortDate\b/ },
  { name: 'formatDayMonth (no year)', pattern: /\bformatDayMonth\b/ },
  { name: 'the clock’s shortDate (no year)', pattern: /\.shortDate\(/ },
  { name: 'an ISO date cut by hand', pattern: /\.slice\(5\)/ },
];

const adminScreens = async () => (await projectSources('src/islands/admin')).filter((f) => !/\.test\.tsx?$/.test(f.file));

describe('dates on the staff screens', () => {
  it.each(SHORT_DATES)('no screen writes a date with $name', async ({ pattern }) => {
    const offenders = (await adminScreens()).filter((f) => pattern.test(f.source)).map((f) => f.file);
    expect(offenders).toEqual([]);
  });

  it('writes the long form only in a day’s own heading', async () => {
    const long = (await adminScreens()).filter((f) => /\bformatLongDate\b|\.longDate\(/.test(f.source)).map((f) => f.file);
    expect(long.sort()).toEqual(['src/islands/admin/day/DayScreen.tsx', 'src/islands/admin/day/RunSheet.tsx']);
  });

  it.each(['quote-requests/QuotesScreen.tsx', 'waivers/WaiversScreen.tsx', 'cakes/CakeOrdersScreen.tsx', 'booking/BookingList.tsx', 'customers/CustomerPanel.tsx'])(
    '%s writes its dates with the bookings list’s formatter',
    async (screen) => {
      const file = (await adminScreens()).find((f) => f.file === `src/islands/admin/${screen}`);
      expect(file?.source).toMatch(/\bformatMediumDate\(|\.mediumDate\(/);
    },
  );
});

/**
 * Money a person typed, labelled alike everywhere: the booking screen's "Record a payment" and the crew's
 * day screen record the same thing (money taken in person) and were "Amount (USD)" and "Amount collected ($)";
 * the settings' money fields say "($)" too, so no field says "(USD)".
 */
describe('money fields on the staff screens', () => {
  const amountLabel = (source: string) => /field\('amountCents'\)\} label="([^"]+)"/.exec(source)?.[1];

  it('the booking screen and the day screen label a payment taken in person alike', async () => {
    const screens = await adminScreens();
    const labels = ['booking/detail/PaymentForm.tsx', 'day/StopForms.tsx'].map((screen) => amountLabel(screens.find((f) => f.file === `src/islands/admin/${screen}`)?.source ?? ''));
    expect(labels).toEqual(['Amount collected ($)', 'Amount collected ($)']);
  });

  it('no field names its currency "USD" beside fields that say "$"', async () => {
    expect((await adminScreens()).filter((f) => /label=["{`'][^"`']*\(USD\)/.test(f.source)).map((f) => f.file)).toEqual([]);
  });
});
