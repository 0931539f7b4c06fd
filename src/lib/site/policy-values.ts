import type { BusinessSettings } from '../business';
import { creditTierExists } from '../changes';
import { interpolate, pluralOf, type Messages } from '../i18n';

/**
 * The placeholder values that state the change and cancellation policy (the cancellation page, the
 * FAQ), worded case by case as the engine applies the settings: cancellationTier and
 * cancellationOutcome (src/lib/changes/policy.ts), the credit a cancellation leaves
 * (cancel-booking.server.ts: valid from the day of cancelling), the move's cut-off (selfServiceOpen),
 * the balance the auto-charge collects early (src/lib/payments/auto-charge.ts) and the cake's lead time
 * (checkCakeDate: a changed cake is a new order for that date). Where a setting's value turns a figure
 * into nonsense ("0 hours before"), the value is another phrase, or a whole sentence, that is true.
 */
export type PolicyFacts = Pick<
  BusinessSettings,
  | 'cancellationRefundDays'
  | 'cancellationCreditHours'
  | 'creditExpiryMonths'
  | 'changeCutoffHours'
  | 'balanceDueDaysBefore'
  | 'autoChargeBalance'
  | 'autoChargeDaysBefore'
  | 'cakeLeadTimeDays'
>;

type Words = Messages['contentValues'];

export function cancellationValues(settings: PolicyFacts, words: Words) {
  const c = words.cancellation;
  const days = pluralOf(settings.cancellationRefundDays, words.days);
  const hours = pluralOf(settings.cancellationCreditHours, words.hours);
  const anyTime = settings.cancellationRefundDays === 0;
  const credit = creditTierExists(settings);
  // A credit down to the event's start (0 hours) leaves no "none" tier before it; after the start there is one.
  const creditToStart = credit && settings.cancellationCreditHours === 0;
  const noRefundWhen = anyTime || creditToStart ? c.noRefundAfterStart : interpolate(c.noRefundWithin, { limit: credit ? hours : days });
  const brief = anyTime ? c.briefRefundAnyTime : interpolate(c.briefRefund, { days });
  const briefCredit = !credit ? '' : creditToStart ? c.briefCreditUntilStart : interpolate(c.briefCredit, { hours });
  const months = pluralOf(settings.creditExpiryMonths, words.months);
  // In prose, as the tracking page's list (cancellationTerms): a "none" tier only where one comes before the event.
  const rules = [
    anyTime ? c.ruleRefundAnyTime : interpolate(c.ruleRefund, { days }),
    !credit ? '' : creditToStart ? interpolate(c.ruleCreditUntilStart, { days, months }) : interpolate(c.ruleCredit, { days, hours, months }),
    anyTime || creditToStart ? '' : interpolate(c.ruleNoRefund, { limit: credit ? hours : days }),
  ];
  return {
    fullRefundWhen: anyTime ? c.refundAnyTime : interpolate(c.refundFrom, { days }),
    // Empty without a credit tier: the table row they fill is then left out (fillPlaceholders).
    creditTierWhen: !credit ? '' : creditToStart ? interpolate(c.creditUntilStart, { days }) : interpolate(c.creditBetween, { days, hours }),
    creditTierOutcome: credit ? c.credit : '',
    noRefundWhen,
    cancellationInBrief: briefCredit ? `${brief}, ${briefCredit}` : brief,
    cancellationRules: rules.filter(Boolean).join(' '),
    creditValidFor: months,
    balanceWhenCancelled: balanceCollectedOnEventDay(settings) ? c.balanceOnlyOnEventDay : c.balancePaidIsRefunded,
    dateChangeNotice:
      settings.changeCutoffHours === 0 ? c.dateChangeBeforeStart : interpolate(c.dateChangeAhead, { hours: pluralOf(settings.changeCutoffHours, words.hours) }),
    lateDateChange: settings.changeCutoffHours === 0 ? '' : interpolate(c.lateDateChange, { hours: pluralOf(settings.changeCutoffHours, words.hours) }),
    cakeDeadline: settings.cakeLeadTimeDays === 0 ? words.cakeDeadlineSameDay : pluralOf(settings.cakeLeadTimeDays, words.cakeDeadline),
  };
}

/**
 * How late online booking stays open (availability.ts refuses a start sooner than `leadTimeHours`
 * away). With 0 hours it stays open until the event starts, so there is no shorter notice to call
 * about: the phrase says so and the call-us sentence is empty, where "at least 0 hours before" and
 * "less than 0 hours away, call us" would be nonsense.
 */
export function onlineBookingValues(settings: Pick<BusinessSettings, 'leadTimeHours'>, words: Words) {
  const o = words.onlineBooking;
  if (settings.leadTimeHours === 0) return { bookOnlineUntil: o.untilStart, shortNoticeCall: '' };
  const hours = pluralOf(settings.leadTimeHours, words.hours);
  return { bookOnlineUntil: interpolate(o.until, { hours }), shortNoticeCall: interpolate(o.shortNotice, { hours }) };
}


export type PaymentFacts = Pick<
  BusinessSettings,
  'paymentMode' | 'phone' | 'holdMinutes' | 'unpaidHoldHours' | 'balanceDueDaysBefore' | 'autoChargeBalance' | 'autoChargeDaysBefore'
>;

/**
 * When the deposit is paid and how the balance is, as the terms and the FAQ state them. "Pay later"
 * (paymentMode, the FAQ's depositLater answers) takes nothing online: the booking keeps its items for
 * `unpaidHoldHours` once confirmed (confirm-request.server.ts), not the checkout's `holdMinutes`, and
 * the business takes the deposit by phone. The balance is charged to the deposit's card only with
 * `autoChargeBalance` (auto-charge.ts, `autoChargeDaysBefore` ahead); otherwise the customer pays it
 * from the tracking page or by phone (the reminders' words), or to the crew when it is due on the day.
 * `rule`: the depositRule value.
 */
export function paymentValues(settings: PaymentFacts, words: Words, rule: string) {
  const p = words.payment;
  const payLater = settings.paymentMode === 'pay_later';
  const autoCharge = settings.autoChargeBalance
    ? `${interpolate(p.autoCharge, { when: settings.autoChargeDaysBefore === 0 ? p.autoChargeOnEventDay : pluralOf(settings.autoChargeDaysBefore, p.autoChargeDaysBefore) })} ${p.alsoYourself}`
    : null;
  return {
    depositDue: payLater ? interpolate(p.depositAfterBooking, { rule, phone: settings.phone }) : interpolate(p.depositWhenBooking, { rule }),
    itemsHeld: payLater
      ? interpolate(p.itemsHeldPayLater, { time: pluralOf(settings.unpaidHoldHours, words.hours) })
      : interpolate(p.itemsHeldAtCheckout, { time: pluralOf(settings.holdMinutes, words.minutes) }),
    balancePayment: autoCharge ?? (settings.balanceDueDaysBefore === 0 ? p.payYourselfOrCrew : p.payYourself),
  };
}

/** Whether no balance is due or charged before the event day: not by its due date, not by the auto-charge. */
export const balanceCollectedOnEventDay = (settings: Pick<PolicyFacts, 'balanceDueDaysBefore' | 'autoChargeBalance' | 'autoChargeDaysBefore'>): boolean =>
  settings.balanceDueDaysBefore === 0 && !(settings.autoChargeBalance && settings.autoChargeDaysBefore > 0);
