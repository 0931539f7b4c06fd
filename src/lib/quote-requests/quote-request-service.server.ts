import { acceptedRequestSite, findServiceArea } from '../booking/index.server';
import { storedPhone } from '../texts';
import { newReference } from '../reference/index.server';
import { sendQueuedMail, queueEmail, claimAcknowledgement } from '../email/index.server';
import { env } from '../config';
import type { Database } from '../db/index.server';
import { quoteBusinessEmail, quoteCustomerEmail, type QuoteSummary } from './quote-request-emails';
import type { QuoteCreated, QuoteRequest } from './quote-request-form';
import { businessInbox, customerIdFor, insertWithReference } from '../forms/index.server';
import { AppError, fieldError } from '../http';
import { pluralOf } from '../i18n';
import { getSettings } from '../business/index.server';
import { daysBetween, localDate } from '../time';
import { callAboutWords, siteAnswerRows } from '../site-check';

const answer = (quoteNumber: string, outsideServiceArea: boolean): QuoteCreated => ({
  quoteNumber,
  personalUrl: `/hi/${quoteNumber}`,
  outsideServiceArea,
});

/** What a bot that filled the honeypot is told: a believable answer, nothing stored. */
export const spamQuoteAnswer = (): QuoteCreated => answer(newReference('Q'), false);

/** A cake among a quote's rentals (the cart says the same with "not from the cart"). */
const cakeInQuoteMessage = (name: string) => `The ${name} is a cake: order it on its page, with the flavour and the message.`;

const isServed = async (sql: Database, zip: string) => (await findServiceArea(sql, zip)) !== null;

/**
 * POST /api/quotes: the request is stored (quote + its items) with its acknowledgement and the staff
 * notice queued in the same transaction, then the mail is sent. A repeated submit returns the first
 * quote's number and sends nothing again.
 */
export async function createQuote(sql: Database, input: QuoteRequest, now: Date, language: 'en' | 'es' = 'en'): Promise<{ created: QuoteCreated; replay: boolean }> {
  const [previous] = await sql<{ number: string }[]>`select number from quotes where submission_id = ${input.submissionId}`;
  if (previous) return { created: answer(previous.number, !(await isServed(sql, input.zip))), replay: true };

  const settings = await getSettings(sql);
  const ahead = daysBetween(localDate(now, settings.timezone), input.eventDate);
  if (ahead < 0) throw fieldError('eventDate', 'Choose today or a date in the future');
  if (ahead > settings.maxDaysAhead) throw fieldError('eventDate', `We take requests up to ${pluralOf(settings.maxDaysAhead, { one: '{count} day', other: '{count} days' })} ahead; please call us for later dates`);

  const slugs = input.items.map((i) => i.product);
  const products = slugs.length
    ? await sql<{ id: string; slug: string; name: string; cake: boolean }[]>`
        select p.id, p.slug, p.name, c.kind = 'cake' as cake from products p join categories c on c.id = p.category_id
        where p.slug in ${sql(slugs)} and p.active`
    : [];
  const bySlug = new Map(products.map((p) => [p.slug, p]));
  const missing = input.items.findIndex((i) => !bySlug.has(i.product));
  if (missing >= 0) throw fieldError(`items.${missing}.product`, 'We no longer offer this rental; please remove it from your list');
  // A cake is baked to order on its own form (size, flavour, message): a quote's rentals, like a cart, leave it out.
  const cake = input.items.findIndex((i) => bySlug.get(i.product)!.cake);
  if (cake >= 0) throw fieldError(`items.${cake}.product`, cakeInQuoteMessage(bySlug.get(input.items[cake]!.product)!.name));
  const items = input.items.map((i) => ({ ...bySlug.get(i.product)!, quantity: i.quantity }));
  // The setup spot, as checkout holds it: a refusal is a 400 at its answer and nothing is stored.
  const site = items.length ? await acceptedRequestSite(sql, { items: input.items, site: input.site, date: input.eventDate, zip: input.zip }) : null;

  const outsideServiceArea = !(await isServed(sql, input.zip));
  const customerId = await customerIdFor(sql, input.email);
  const budgetCents = input.budget === undefined ? null : input.budget * 100;
  // Stored in one shape however it was typed, as bookings' contacts are (storedPhone).
  const phone = storedPhone(input.phone ?? '');
  const details = input.details?.trim() ?? '';

  const number = await sql.begin(async (tx) => {
    const quote = await insertWithReference(tx, 'quotes', input.submissionId, 'Q', (reference) => tx<{ id: string; number: string }[]>`
      insert into quotes ${tx({
        number: reference,
        submission_id: input.submissionId,
        customer_id: customerId,
        name: input.name,
        email: input.email,
        phone,
        event_type: input.eventType,
        event_date: input.eventDate,
        guest_count: input.guestCount,
        zip: input.zip,
        details,
        budget_cents: budgetCents,
        site_answers: tx.json((site?.answers ?? {}) as never),
        site_flags: site?.flags ?? [],
        language,
        created_at: now,
        updated_at: now,
      })}
      on conflict do nothing
      returning id, number`);
    if (!quote) return null;
    for (const item of items) {
      await tx`insert into quote_items (quote_id, product_id, description, quantity) values (${quote.id}, ${item.id}, ${item.name}, ${item.quantity})`;
    }
    const summary: QuoteSummary = {
      number: quote.number,
      name: input.name,
      email: input.email,
      phone,
      eventType: input.eventType,
      eventDate: input.eventDate,
      guestCount: input.guestCount,
      zip: input.zip,
      items: items.map((i) => ({ name: i.name, quantity: i.quantity })),
      details,
      budgetCents,
      outsideServiceArea,
      setupSpot: site ? { rows: siteAnswerRows(site.answers, site.booked), callAbout: site.flags.map(callAboutWords) } : undefined,
      language,
    };
    const siteUrl = env().SITE_URL;
    if (await claimAcknowledgement(tx, settings, now)) await queueEmail(tx, 'quote-customer', quoteCustomerEmail(summary, settings, siteUrl), now);
    await queueEmail(tx, 'quote-business', quoteBusinessEmail(summary, settings, siteUrl, businessInbox(settings.email)), now);
    return quote.number;
  });
  if (!number) {
    const [first] = await sql<{ number: string }[]>`select number from quotes where submission_id = ${input.submissionId}`;
    if (!first) throw new AppError('conflict', 'Your request was sent twice at the same moment. Please check your e-mail before sending it again.');
    return { created: answer(first.number, outsideServiceArea), replay: true };
  }
  await sendQueuedMail(sql, now);
  return { created: answer(number, outsideServiceArea), replay: false };
}
