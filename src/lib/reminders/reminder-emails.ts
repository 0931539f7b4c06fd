import { type BookingView, address, customerFormats, when } from '../booking';
import { customerMessage, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import type { ReminderKind } from './reminder-rules';
import { trackOrderPath } from '../paths';
import { filledWording, MESSAGE_WORDS } from '../customer-messages';
import { REMINDER_WORDS } from './reminder-words';
import { formatsFor, localizedUrl } from '../i18n';

/** What a reminder needs besides the booking: where links point, the waiver link's key, when the crew arrives. */
export interface ReminderContext {
  siteUrl: string;
  /** The signing page with the booking's waiver key: it opens without asking for the renter's e-mail. */
  waiverUrl: string;
  /** 'HH:MM' local: the crew arrives between these two times to set up (the route's delivery window). */
  arrival: { from: string; until: string };
  /**
   * The setup spot (issue #38), from the booked products' requirements and the customer's answers:
   * what to get ready (sitePreparation) and their answers said back (siteToldUs); null where the
   * booking asks nothing of the yard. Absent: only the general preparations.
   */
  site?: { prepare: string | null; toldUs: string | null } | undefined;
}

/** Labels for the booking's history and the settings screen. */
export const reminderLabels: Record<ReminderKind, string> = {
  balance_due: 'Balance reminder',
  day_before: 'Day-before message',
  waiver_missing: 'Waiver reminder',
  thank_you: 'Thank-you and review request',
};

const trackUrl = (b: BookingView, ctx: ReminderContext) => localizedUrl(ctx.siteUrl, trackOrderPath(b.number), b.language);

/**
 * What to have ready when the crew arrives. With the setup spot's own needs (the space, the outlet, the
 * gate, the water, from the booked products and the customer's answers) those replace the general
 * outlet and path lines, and the answers are said back so a change is caught the day before.
 */
export function preparations(b: Pick<BookingView, 'address' | 'language'>, site: ReminderContext['site']): string[] {
  const w = REMINDER_WORDS[b.language ?? 'en'];
  if (site?.prepare) {
    return [site.prepare, ...(site.toldUs ? [w.toldUs(site.toldUs)] : []), w.clear, w.gates, w.adult];
  }
  const surface = b.address.surface ? (w.surfaces[b.address.surface] ?? b.address.surface.replace('-', ' ')) : null;
  return [w.clear, w.outlet, w.path, w.adult, ...(surface ? [w.surface(surface)] : [])];
}

function message(
  b: BookingView,
  settings: BusinessSettings,
  subject: string,
  paragraphs: string[],
  rows: [string, string][] = [],
): RenderedEmail {
  return customerMessage(settings, b.customer.email, subject, paragraphs, rows, { language: b.language ?? 'en' });
}

export function reminderEmail(
  kind: ReminderKind,
  b: BookingView,
  settings: BusinessSettings,
  ctx: ReminderContext,
): RenderedEmail {
  const language = b.language ?? 'en';
  const w = REMINDER_WORDS[language];
  const f = customerFormats(language);
  const hi = w.hi(b.customer.firstName);
  switch (kind) {
    case 'balance_due': {
      // With its weekday, as the party's date beside it and the receipt's "still due by" write a long date.
      const dueOn = b.balanceDueOn ? formatsFor(language).longDate(b.balanceDueOn) : w.beforeTheParty;
      return message(
        b,
        settings,
        w.balanceSubject(f.money(b.totals.amountDueCents), b.balanceDueOn ? f.dayMonth(b.balanceDueOn) : null, b.number),
        [hi, w.balanceReminder(f.money(b.totals.amountDueCents), when(b), dueOn), w.payFromTracking(settings.phone, trackUrl(b, ctx))],
        [
          [w.total, f.money(b.totals.totalCents)],
          [w.paidSoFar, f.money(b.totals.amountPaidCents)],
          [w.balanceDue, f.money(b.totals.amountDueCents)],
        ],
      );
    }
    case 'day_before':
      return message(b, settings, w.dayBeforeSubject(b.number), [
        hi,
        filledWording(settings, 'dayBeforeWording', language, {
          firstName: b.customer.firstName,
          window: MESSAGE_WORDS[language].window(f.clock(ctx.arrival.from), f.clock(ctx.arrival.until)),
          date: f.dayMonth(b.event.date),
        }),
        w.yourParty(when(b), address(b)),
        w.toGetReady,
        ...preparations(b, ctx.site).map((p) => `• ${p}`),
        b.waiversSigned > 0 ? w.waiverSigned : w.waiverPlease,
        ctx.waiverUrl,
        ...(b.totals.amountDueCents > 0 ? [w.balanceStillDue(f.money(b.totals.amountDueCents))] : []),
        w.questionsCall(settings.phone),
      ]);
    case 'waiver_missing':
      return message(b, settings, w.waiverSubject(f.dayMonth(b.event.date)), [hi, w.waiverNeeded(when(b)), w.twoMinutes(ctx.waiverUrl)]);
    case 'thank_you':
      return message(b, settings, w.thankYouSubject(settings.businessName), [
        hi,
        w.thankYou(f.dayMonth(b.event.date)),
        ...(settings.reviewUrl ? [w.reviewHelps(settings.reviewUrl)] : [w.notRight(settings.phone)]),
        w.nextParty(`${ctx.siteUrl}/products`),
      ]);
  }
}
