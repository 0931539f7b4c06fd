import { randomBytes } from 'node:crypto';
import type { Audit } from '../auth/index.server';
import { auditedChange } from '../admin/index.server';
import type { Database, Sql } from '../db/index.server';
import { businessClock, addDays } from '../time';
import type { StaffRole } from '../auth';
import { getSettings } from '../business/index.server';
import { blackoutsBetween, bookingsBetween } from './calendar-admin.server';
import { buildFeed, FEED_DAYS_AHEAD, FEED_DAYS_BACK, feedUrl } from './calendar-feed';

const DAY_MS = 86_400_000;

/** 32 random bytes, base64url: 43 characters, unguessable, safe in a URL path. */
export const newFeedToken = () => randomBytes(32).toString('base64url');

export async function feedTokenOf(sql: Sql, staffId: string): Promise<string | null> {
  const [row] = await sql<{ token: string | null }[]>`select "calendarToken" as token from staff_user where id = ${staffId}`;
  return row?.token ?? null;
}

/** The signed-in staff member's own feed address, or null before they ask for one. */
export async function feedAddressOf(sql: Sql, staffId: string, siteUrl: string): Promise<{ url: string | null }> {
  const token = await feedTokenOf(sql, staffId);
  return { url: token ? feedUrl(siteUrl, token) : null };
}

/** Gives the staff member a new feed address; the old one stops working at once. */
export async function resetFeedToken(db: Database, staffId: string, siteUrl: string, audit: Audit): Promise<{ url: string }> {
  const token = newFeedToken();
  // The lock is the update's own sub-select (the row is read and changed in one statement).
  await auditedChange(db, audit, {
    change: async (tx) => {
      const [row] = await tx<{ had: boolean }[]>`
        update staff_user u set "calendarToken" = ${token}, "updatedAt" = now()
        from (select id, "calendarToken" is not null as had from staff_user where id = ${staffId} for update) old
        where u.id = old.id returning old.had`;
      if (!row) throw new Error(`No staff user ${staffId}`);
      return row;
    },
    // The token is a credential: the audit log records that it changed, never its value.
    audit: (row) => ({ action: 'calendar_feed.reset', entity: 'staff_user', entityId: staffId, before: { hasFeed: row.had }, after: { hasFeed: true } }),
  });
  return { url: feedUrl(siteUrl, token) };
}

/**
 * The feed for a token, or null when no active staff member holds it: deactivated (banned)
 * staff and unknown tokens get nothing, and cannot tell the two apart. What it holds follows the
 * holder's role, as the staff calendar does (blackouts link to their screen for managers and owners).
 */
export async function feedForToken(sql: Sql, token: string, siteUrl: string, now: Date): Promise<string | null> {
  const [owner] = await sql<{ id: string; role: StaffRole }[]>`
    select id, role from staff_user
    where "calendarToken" = ${token} and banned is not true and role in ('owner', 'manager', 'crew')`;
  if (!owner) return null;
  const settings = await getSettings(sql);
  // The same reach as the bookings', in whole days on the business's calendar: blackouts are dates there.
  const today = businessClock(settings.timezone, now).today();
  const [rows, blackouts] = await Promise.all([
    bookingsBetween(sql, new Date(now.getTime() - FEED_DAYS_BACK * DAY_MS), new Date(now.getTime() + FEED_DAYS_AHEAD * DAY_MS), now),
    blackoutsBetween(sql, addDays(today, -FEED_DAYS_BACK), addDays(today, FEED_DAYS_AHEAD + 1)),
  ]);
  return buildFeed(
    {
      bookings: rows.map((r) => ({
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
      blackouts,
    },
    { businessName: settings.businessName, siteUrl, role: owner.role },
  );
}
