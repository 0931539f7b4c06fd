import type { Sql } from '../db/index.server';
import { AppError } from '../http';
import { lastDayOfDeadline, type RainOutOffer } from './rain-outs';

/** Whether the booking was rained out and its customer has not answered the offer yet (staff may then only end it: staff-bookings' statusesWhileRainedOut). */
export async function rainOutWaiting(sql: Sql, bookingId: string): Promise<boolean> {
  const [row] = await sql<{ waiting: boolean }[]>`
    select exists (select 1 from rain_out_offers where booking_id = ${bookingId} and answer is null) as waiting`;
  return row!.waiting;
}

/** A rain-out its customer has not answered yet, as the tracking page tells it: the day called off, the choices, the last day to answer. */
export interface WaitingRainOut {
  rainedOutOn: string;
  offers: RainOutOffer[];
  /** The last day to answer (business calendar), as the e-mail and the rain-check page say it. */
  lastDayToAnswer: string;
}

/** The booking's rain-out waiting for its customer's answer, or null (never rained out, or answered). */
export async function waitingRainOut(sql: Sql, bookingId: string, timeZone: string): Promise<WaitingRainOut | null> {
  const [row] = await sql<{ rained_out_on: string; offers: RainOutOffer[]; answer_by: Date }[]>`
    select rained_out_on::text as rained_out_on, offers, answer_by from rain_out_offers where booking_id = ${bookingId} and answer is null`;
  return row ? { rainedOutOn: row.rained_out_on, offers: row.offers, lastDayToAnswer: lastDayOfDeadline(row.answer_by, timeZone) } : null;
}

/** An online payment asked for while the party is rained out and its customer has not chosen yet. */
export const RAINED_OUT_NOT_PAYABLE = 'The weather called this party off: choose what happens next with the link in our e-mail before paying anything. Questions? Call us.';

/** Refuses paying online for a party rained out and not answered yet (the page offers no button; an old tab or a direct call gets this 409). */
export async function refusePayingWhileRainedOut(sql: Sql, bookingId: string): Promise<void> {
  if (await rainOutWaiting(sql, bookingId)) throw new AppError('conflict', RAINED_OUT_NOT_PAYABLE);
}
