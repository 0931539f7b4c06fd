import { type BookingView, address, when } from '../booking';
import { formatMoney } from '../money';
import { customerMessage, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import { formatClock, formatDayMonth } from '../time';
import type { ReminderKind } from './reminder-rules';
import { absoluteUrl, trackOrderPath } from '../paths';
import { fillWording } from '../customer-messages';

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

const trackUrl = (b: BookingView, ctx: ReminderContext) => absoluteUrl(ctx.siteUrl, trackOrderPath(b.number));

/**
 * What to have ready when the crew arrives. With the setup spot's own needs (the space, the outlet, the
 * gate, the water, from the booked products and the customer's answers) those replace the general
 * outlet and path lines, and the answers are said back so a change is caught the day before.
 */
export function preparations(b: Pick<BookingView, 'address'>, site: ReminderContext['site']): string[] {
  const clear = 'Clear the set-up area of sticks, stones, toys and pet waste, and mark any sprinkler heads.';
  const adult = 'Have an adult on site to show us where everything goes and to sign for the delivery.';
  if (site?.prepare) {
    return [
      site.prepare,
      ...(site.toldUs ? [`${site.toldUs} Call us if any of that has changed.`] : []),
      clear,
      'Unlock the gates on the way and keep the path from where we park clear.',
      adult,
    ];
  }
  return [
    clear,
    'Make sure a working outdoor outlet is within 50 feet of the set-up area (we bring the cords).',
    'Keep a clear path at least 4 feet wide from where we park to the set-up area, gates unlocked.',
    adult,
    ...(b.address.surface ? [`We have you down for setting up on ${b.address.surface.replace('-', ' ')}; call us if that has changed.`] : []),
  ];
}

function message(
  b: BookingView,
  settings: BusinessSettings,
  subject: string,
  paragraphs: string[],
  rows: [string, string][] = [],
): RenderedEmail {
  return customerMessage(settings, b.customer.email, subject, paragraphs, rows);
}

export function reminderEmail(
  kind: ReminderKind,
  b: BookingView,
  settings: BusinessSettings,
  ctx: ReminderContext,
): RenderedEmail {
  const hi = `Hi ${b.customer.firstName},`;
  switch (kind) {
    case 'balance_due': {
      const dueOn = b.balanceDueOn
        ? `${formatDayMonth(b.balanceDueOn)}, ${b.balanceDueOn.slice(0, 4)}`
        : 'before the party';
      return message(
        b,
        settings,
        `Balance of ${formatMoney(b.totals.amountDueCents)} due ${b.balanceDueOn ? formatDayMonth(b.balanceDueOn) : 'soon'} for booking ${b.number}`,
        [
          hi,
          `A friendly reminder: the balance of ${formatMoney(b.totals.amountDueCents)} for your party on ${when(b)} is due on ${dueOn}.`,
          `Pay it from your tracking page, or call us at ${settings.phone}: ${trackUrl(b, ctx)}`,
        ],
        [
          ['Total', formatMoney(b.totals.totalCents)],
          ['Paid so far', formatMoney(b.totals.amountPaidCents)],
          ['Balance due', formatMoney(b.totals.amountDueCents)],
        ],
      );
    }
    case 'day_before':
      return message(b, settings, `See you tomorrow: your party rental ${b.number}`, [
        hi,
        fillWording(settings.dayBeforeWording, {
          firstName: b.customer.firstName,
          business: settings.businessName,
          window: `${formatClock(ctx.arrival.from)} and ${formatClock(ctx.arrival.until)}`,
          date: formatDayMonth(b.event.date),
        }),
        `Your party: ${when(b)}, at ${address(b)}.`,
        'To get ready:',
        ...preparations(b, ctx.site).map((p) => `• ${p}`),
        b.waiversSigned > 0
          ? 'Your safety waiver is signed. Guests can add theirs with the same link if you like:'
          : 'Please sign the safety waiver before we arrive; it takes two minutes:',
        ctx.waiverUrl,
        ...(b.totals.amountDueCents > 0
          ? [`Balance still due: ${formatMoney(b.totals.amountDueCents)}. Pay it online or to the crew.`]
          : []),
        `Questions or a change of plans? Call us at ${settings.phone}.`,
      ]);
    case 'waiver_missing':
      return message(b, settings, `Please sign the safety waiver for ${formatDayMonth(b.event.date)}`, [
        hi,
        `We still need a signed safety waiver before we can set up for your party on ${when(b)}.`,
        `It takes two minutes: ${ctx.waiverUrl}`,
      ]);
    case 'thank_you':
      return message(b, settings, `Thank you for celebrating with ${settings.businessName}`, [
        hi,
        `Thank you for renting with us for your party on ${formatDayMonth(b.event.date)}. We hope it was a great day.`,
        ...(settings.reviewUrl
          ? [`If you have a minute, a review helps other families find us: ${settings.reviewUrl}`]
          : [`If anything was not right, reply to this e-mail or call us at ${settings.phone}.`]),
        `Planning the next party? ${ctx.siteUrl}/products`,
      ]);
  }
}
