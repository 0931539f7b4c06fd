import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/client.server';
import { getSettings } from '../settings/settings.server';
import { bookingsBetween } from './calendar.server';
import { buildFeed, FEED_DAYS_AHEAD, FEED_DAYS_BACK } from './calendar-feed';

const DAY_MS = 86_400_000;

/** 32 random bytes, base64url: 43 characters, unguessable, safe in a URL path. */
export const newFeedToken = () => randomBytes(32).toString('base64url');

export async function feedTokenOf(sql: Sql, staffId: string): Promise<string | null> {
  const [row] = await sql<{ token: string | null }[]>`select "calendarToken" as token from staff_user where id = ${staffId}`;
  return row?.token ?? null;
}

/** Gives the staff member a new token; the old address stops working at once. Returns the new token. */
export async function resetFeedToken(sql: Sql, staffId: string): Promise<{ token: string; hadToken: boolean }> {
  const token = newFeedToken();
  const [row] = await sql<{ had: boolean }[]>`
    update staff_user u set "calendarToken" = ${token}, "updatedAt" = now()
    from (select id, "calendarToken" is not null as had from staff_user where id = ${staffId} for update) old
    where u.id = old.id returning old.had`;
  if (!row) throw new Error(`No staff user ${staffId}`);
  return { token, hadToken: row.had };
}

/**
 * The feed for a token, or null when no active staff member holds it: deactivated (banned)
 * staff and unknown tokens get nothing, and cannot tell the two apart.
 */
export async function feedForToken(sql: Sql, token: string, siteUrl: string, now: Date): Promise<string | null> {
  const [owner] = await sql<{ id: string }[]>`
    select id from staff_user
    where "calendarToken" = ${token} and banned is not true and role in ('owner', 'manager', 'crew')`;
  if (!owner) return null;
  const settings = await getSettings(sql);
  const rows = await bookingsBetween(sql, new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS), new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS), now);
  return buildFeed(
    rows.map((r) => ({
      id: r.id,
      number: r.number,
      status: r.status,
      customerName: r.customerName,
      customerPhone: r.customerPhone,
      address: [r.addressLine1, r.addressLine2, `${r.city}, ${r.state} ${r.zip}`].filter(Boolean).join(', '),
      city: r.city,
      items: r.items,
      start: r.start,
      end: r.end,
      updatedAt: r.updatedAt,
    })),
    { businessName: settings.businessName, siteUrl },
  );
}
