import type { Database } from '../db/index.server';
import { AppError } from '../http';
import { sameSecret } from '../http/index.server';

/**
 * Puts an address on the suppression list: one click from the mail client (List-Unsubscribe-Post,
 * RFC 8058) or the unsubscribe page's button. The key is the address's own (from the message's link),
 * so nobody can unsubscribe someone else's address. Saying it twice is fine. Its saved carts waiting for
 * a reminder are cancelled with it.
 */
export async function unsubscribe(
  db: Database,
  q: { address: string; key: string },
  by: 'one-click' | 'page',
  now: Date,
): Promise<{ unsubscribed: true }> {
  return db.begin(async (tx) => {
    const address = q.address.toLowerCase();
    const [row] = await tx<{ unsubscribe_key: string }[]>`
      select unsubscribe_key from customer_mail_preferences where address = ${address} for update`;
    if (!row || !sameSecret(row.unsubscribe_key, q.key)) {
      throw new AppError(
        'not_found',
        'We couldn’t find that link. It may have a typo; the link in your e-mail works as it is.',
      );
    }
    await tx`
      update customer_mail_preferences set suppressed_at = coalesce(suppressed_at, ${now}), suppressed_by = coalesce(suppressed_by, ${by})
      where address = ${address}`;
    await tx`
      update saved_carts set cancelled_at = ${now}, cancel_reason = 'suppressed'
      where lower(email) = ${address} and reminded_at is null and cancelled_at is null`;
    return { unsubscribed: true as const };
  });
}
