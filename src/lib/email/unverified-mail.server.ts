import type { Sql } from '../db/index.server';
import type { BusinessSettings } from '../business';
import { localDate } from '../time';
import type { AcknowledgementDay } from './unverified-mail';

/**
 * Takes one of today's acknowledgements to an unverified address, if any are left: true means send
 * it. Call it inside the submission's transaction, after the submission is stored (a repeated
 * submit takes none). One statement; the day's row stays locked until the transaction ends, so
 * concurrent forms cannot both take the last one.
 */
export async function claimAcknowledgement(tx: Sql, settings: Pick<BusinessSettings, 'timezone' | 'unverifiedMailDailyCap'>, now: Date): Promise<boolean> {
  const cap = settings.unverifiedMailDailyCap;
  const allowed = cap > 0;
  const [row] = await tx<{ last_allowed: boolean }[]>`
    insert into unverified_mail_days as d (day, sent, withheld, last_allowed)
    values (${localDate(now, settings.timezone)}, ${allowed ? 1 : 0}, ${allowed ? 0 : 1}, ${allowed})
    on conflict (day) do update set
      last_allowed = d.sent < ${cap},
      sent = d.sent + (d.sent < ${cap})::int,
      withheld = d.withheld + (d.sent >= ${cap})::int
    returning last_allowed`;
  return row!.last_allowed;
}

/** Today's count, for the dashboard. */
export async function acknowledgementsToday(sql: Sql, settings: Pick<BusinessSettings, 'timezone' | 'unverifiedMailDailyCap'>, now: Date): Promise<AcknowledgementDay> {
  const day = localDate(now, settings.timezone);
  const [row] = await sql<{ sent: number; withheld: number }[]>`select sent, withheld from unverified_mail_days where day = ${day}`;
  return { day, sent: row?.sent ?? 0, withheld: row?.withheld ?? 0, cap: settings.unverifiedMailDailyCap };
}
