import { useEffect, useMemo, useState, type SubmitEvent } from 'react';
import { chargedPriceLabel, livePriceLabel } from '../../lib/pricing';
import { islandToast } from '../../lib/toast';
import { isAbort, requestJson } from '../shared/api';
import { businessClock, clock, endKeepingLength, halfHourSteps, isIsoDate, minutes } from '../../lib/time';
import { interpolate, pluralOf } from '../../lib/i18n';
import { useWords } from '../shared/island-words';
import {
  itemName,
  removeItem,
  restoreItem,
  setCoupon,
  setDamageWaiver,
  setEvent,
  toPriceRequest,
  type Cart,
  type CartEvent,
  type CartItem,
} from './cart-store';
import { updateCart } from './use-cart';
import { useQuote, type QuoteState } from './use-quote';
import { useLivePrices } from '../shared/use-live-prices';
import type { EventHours } from '../shared/use-event-window';
import { publicApi } from '../../lib/paths';

interface ProductFreeCount {
  product: string;
  available: boolean;
  freeCount: number | null;
  reason: { message: string } | null;
}

const DEFAULT_START = '10:00';
const DEFAULT_END = '16:00';

/** Server field errors of a failed quote, by what they concern. */
function quoteFieldErrors(state: QuoteState) {
  const fields = state.status === 'error' ? (state.error.fields ?? {}) : {};
  const lineErrors = new Map<number, string>();
  let event: string | null = null;
  for (const [key, message] of Object.entries(fields)) {
    const line = /^items\.(\d+)\./.exec(key);
    if (line) lineErrors.set(Number(line[1]), message);
    else if (key === 'event' || key.startsWith('event.')) event ??= message;
  }
  return {
    zip: fields['zip'] ?? null,
    coupon: fields['coupon'] ?? null,
    event,
    lineErrors,
    known: Object.keys(fields).length > 0,
  };
}

/**
 * Everything the filled cart shows and does: the event window and its options, the server's price
 * for the cart (useQuote), each line's availability (from the price, or from the date alone before a
 * ZIP is known), the coupon, the damage waiver, and what still stands between the cart and checkout.
 */
export function useCartPage(cart: Cart, { openFrom, openUntil, timeZone }: EventHours) {
  const { cart: t, f, price: priceWords, locale } = useWords();
  const [today, setToday] = useState<string | null>(null);
  const [times, setTimes] = useState({
    start: cart.event?.start ?? DEFAULT_START,
    end: cart.event?.end ?? DEFAULT_END,
  });
  const [couponDraft, setCouponDraft] = useState(cart.coupon);
  const [couponFormatError, setCouponFormatError] = useState<string | null>(null);
  const [waiverRequired, setWaiverRequired] = useState(false);
  const [windowCounts, setWindowCounts] = useState<Map<string, ProductFreeCount> | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => setToday(businessClock(timeZone).today()), [timeZone]);
  useEffect(() => {
    if (cart.event) setTimes({ start: cart.event.start, end: cart.event.end });
  }, [cart.event]);
  useEffect(() => setCouponDraft(cart.coupon), [cart.coupon]);

  const request = useMemo(() => toPriceRequest(cart), [cart]);
  const quoteState = useQuote(request);
  const live = useLivePrices(request ? [] : cart.items.map((item) => item.product), cart.event);
  const quote = quoteState.quote;
  const errors = quoteFieldErrors(quoteState);
  const multiDay = Boolean(cart.event?.endDate);

  // A malformed coupon makes the whole quote fail: drop it and say why, so the price comes back.
  useEffect(() => {
    if (errors.coupon && cart.coupon) {
      setCouponFormatError(errors.coupon);
      updateCart((c) => setCoupon(c, ''));
    }
  }, [errors.coupon, cart.coupon]);

  useEffect(() => {
    if (quote?.damageWaiverForced) {
      setWaiverRequired(true);
      updateCart((c) => setDamageWaiver(c, true));
    }
  }, [quote?.damageWaiverForced]);

  // Before a ZIP is known there is no price, but the date alone says whether each item is free.
  const eventKey = cart.event ? JSON.stringify(cart.event) : null;
  useEffect(() => {
    setWindowCounts(null);
    if (!cart.event || request) return;
    const controller = new AbortController();
    const { date, start, end, endDate } = cart.event;
    const query = new URLSearchParams({ date, start, end, ...(endDate ? { endDate } : {}) });
    requestJson<{ products: ProductFreeCount[] }>(publicApi.availability(query), { signal: controller.signal })
      .then((result) => {
        if (result.ok) setWindowCounts(new Map(result.data.products.map((p) => [p.product, p])));
      })
      .catch((error: unknown) => {
        if (!isAbort(error)) setWindowCounts(null);
      });
    return () => controller.abort();
    // Keyed on the window and on whether a quote exists, not on every change to the cart object.
  }, [eventKey, request === null]);

  useEffect(() => {
    if (quoteState.status === 'ready') {
      const q = quoteState.quote;
      setAnnouncement(
        `${interpolate(t.priceUpdated, { total: f.money(q.totalCents), deposit: f.money(q.depositCents) })}${q.problem ? ` ${q.problem}` : ''}`,
      );
    } else if (quoteState.status === 'error') {
      setAnnouncement(quoteState.error.message);
    }
  }, [quoteState]);

  const changeEvent = (next: { date?: string; start?: string; end?: string; endDate?: string | undefined }) => {
    const date = next.date ?? cart.event?.date ?? '';
    const start = next.start ?? times.start;
    const end = next.end ?? times.end;
    const endDate = 'endDate' in next ? next.endDate : cart.event?.endDate;
    setTimes({ start, end });
    if (!isIsoDate(date)) {
      updateCart((c) => setEvent(c, null));
      return;
    }
    const event: CartEvent = { date, start, end };
    if (endDate && isIsoDate(endDate) && endDate > date) event.endDate = endDate;
    else if (end <= start) event.end = clock(Math.min(minutes(openUntil), minutes(start) + 60));
    updateCart((c) => setEvent(c, event));
  };

  const changeStart = (start: string) => {
    changeEvent({ start, end: multiDay ? times.end : endKeepingLength(times.start, times.end, start, openUntil) });
  };

  const remove = (item: CartItem) => {
    const index = cart.items.findIndex((i) => i.product === item.product);
    updateCart((c) => removeItem(c, item.product));
    islandToast.info(interpolate(t.removed, { name: itemName(item, quote?.lines, locale) }), undefined, {
      action: { label: t.undo, onClick: () => updateCart((c) => restoreItem(c, item, index)) },
    });
  };

  const applyCoupon = (e: SubmitEvent) => {
    e.preventDefault();
    setCouponFormatError(null);
    const code = couponDraft.trim().toUpperCase();
    updateCart((c) => setCoupon(c, code));
  };

  const removeCoupon = () => {
    setCouponFormatError(null);
    setCouponDraft('');
    updateCart((c) => setCoupon(c, ''));
  };

  const startOptions = halfHourSteps(openFrom, clock(minutes(openUntil) - 30));
  const endOptions = multiDay
    ? halfHourSteps(openFrom, openUntil)
    : halfHourSteps(clock(minutes(times.start) + 30), openUntil);
  const zipError = errors.zip;
  const couponError = couponFormatError ?? quote?.coupon.error ?? null;
  const ready = quoteState.status === 'ready' && quoteState.quote.bookable;
  const blockedBecause = !cart.event
    ? t.blockedDate
    : !/^\d{5}$/.test(cart.zip)
      ? t.blockedZip
      : quoteState.status === 'loading' || quoteState.status === 'idle'
        ? t.updating
        : quoteState.status === 'error'
          ? quoteState.error.message
          : quoteState.quote.problem;

  const lineStatus = (item: CartItem, index: number): { ok: boolean; text: string } | null => {
    const failed = errors.lineErrors.get(index);
    if (failed) return { ok: false, text: failed };
    const line = quote?.lines.find((l) => l.product === item.product);
    if (line && line.quantity === item.quantity) {
      if (!line.available) return { ok: false, text: line.reason ?? t.notAvailableDate };
      return { ok: true, text: line.freeCount === null ? t.availableDate : pluralOf(line.freeCount, t.freeForDate) };
    }
    const counts = windowCounts?.get(item.product);
    if (counts) {
      if (!counts.available) return { ok: false, text: counts.reason?.message ?? t.notAvailableDate };
      if (counts.freeCount !== null && counts.freeCount < item.quantity) return { ok: false, text: pluralOf(counts.freeCount, t.onlyLeft) };
      return { ok: true, text: counts.freeCount === null ? t.availableDate : pluralOf(counts.freeCount, t.freeForDate) };
    }
    return null;
  };
  // The price for the chosen window once the server has priced it (with the ZIP, the whole quote;
  // before it, GET /api/prices); until then the live starting price, or the one saved with the item.
  // Each names the length it pays for, so "from $150" never sits beside a $195 charge unexplained.
  const linePrice = (item: CartItem): string | null => {
    const line = quote?.lines.find((l) => l.product === item.product);
    if (line && line.quantity === item.quantity) return chargedPriceLabel(line, 'usd', priceWords);
    const saved = item.fromPriceCents > 0 ? { cents: item.fromPriceCents, hours: item.fromPriceHours } : null;
    return livePriceLabel({ exact: live.exact?.get(item.product), latest: live.latest?.get(item.product) }, item.quantity, saved, 'usd', priceWords)?.label ?? null;
  };
  const unavailableCount = cart.items.filter((item, i) => lineStatus(item, i)?.ok === false).length;
  const lineName = (item: CartItem): string => itemName(item, quote?.lines, locale);

  return {
    today,
    times,
    changeEvent,
    changeStart,
    startOptions,
    endOptions,
    multiDay,
    quoteState,
    quote,
    errors,
    zipError,
    lineStatus,
    linePrice,
    lineName,
    unavailableCount,
    remove,
    waiverRequired,
    coupon: {
      draft: couponDraft,
      setDraft: setCouponDraft,
      error: couponError,
      apply: applyCoupon,
      remove: removeCoupon,
    },
    ready,
    blockedBecause,
    announcement,
  };
}

export type CartPageState = ReturnType<typeof useCartPage>;
