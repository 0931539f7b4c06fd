import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { requestJson, type ApiError } from '../shared/api';
import { loadBookingSummary, readBookingNumber } from '../shared/booking-summary';
import { publicApi } from '../../lib/paths';
import type { ManagedBooking } from '../../lib/customer-changes/index.server';
import { trackOrderRequest, type TrackOrderRequest } from '../../lib/tracking';
import type { TrackedBooking } from '../../lib/tracking/index.server';
import { formatInstant as formatInstantIn, INTL_LOCALE, interpolate } from '../../lib/i18n';
import { useTrackWords } from './words';

export type PublicBooking = TrackedBooking & { manage?: ManagedBooking['manage'] };
type Credentials = TrackOrderRequest;

/**
 * The track-order page's state: the lookup (checked with the API's schema, the booking number from
 * ?booking= filled in), the booking found and the credentials that found it, focus moved to what
 * changed, and the payment button that sends the same credentials to /api/booking-payment.
 */
export function useTrackOrder(timeZone: string) {
  const { locale, err, trackOrder: t } = useTrackWords();
  const messageFor = (error: ApiError, status: number): string => (status === 429 ? t.lookup.tooMany : error.message);
  const [fieldErrors, setFieldErrors] = useState<{ bookingNumber?: string; contact?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [booking, setBooking] = useState<PublicBooking | null>(null);
  /** Counts the bookings found (a lookup, the personal link), not those a move or cancellation answered. */
  const [found, setFound] = useState(0);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [paymentCancelled, setPaymentCancelled] = useState(false);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  /** The booking's management key, from the "Change or cancel your booking" link's fragment. */
  const [manageKey, setManageKey] = useState<string | null>(null);
  /** "We've e-mailed you a link…" after the Change or cancel button, or why not. */
  const [linkSent, setLinkSent] = useState<{ ok: boolean; message: string } | null>(null);
  const [sendingLink, setSendingLink] = useState(false);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const contactRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const fromUrl = readBookingNumber(params.get('booking'));
    // The inputs are uncontrolled, so anything typed before the page became interactive is kept.
    if (fromUrl && numberRef.current && !numberRef.current.value) numberRef.current.value = fromUrl;
    const leftPayment = params.get('payment') === 'cancelled';
    setPaymentCancelled(leftPayment);
    // Back from the payment page in the tab that placed the booking: its e-mail is known here
    // (booking-summary), so the booking and its payment button show at once, without a lookup to type.
    const placedHere = leftPayment && fromUrl ? loadBookingSummary(fromUrl)?.email : undefined;
    if (placedHere && contactRef.current && !contactRef.current.value) {
      contactRef.current.value = placedHere;
      contactRef.current.form?.requestSubmit();
    }
    // The personal link: /track-order?booking=…#key=… (the key stays in the fragment, never sent in a request line).
    const openFromHash = () => {
      const key = new URLSearchParams(window.location.hash.slice(1)).get('key');
      const number = readBookingNumber(new URLSearchParams(window.location.search).get('booking'));
      if (number && key) void openWithKey(number, key);
    };
    openFromHash();
    // The link opened in a tab already on this booking's page changes only the fragment.
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, []);

  const openWithKey = async (bookingNumber: string, key: string) => {
    setLoading(true);
    const result = await requestJson<ManagedBooking>(publicApi.manageBooking.view, { method: 'POST', json: { bookingNumber, key } });
    setLoading(false);
    if (result.ok) {
      setManageKey(key);
      setBooking(result.data);
      setFound((n) => n + 1);
      return;
    }
    setFormError(result.status === 429 ? messageFor(result.error, 429) : result.error.message);
  };

  /** The booking again with its key (after a change, or when the terms moved on while the page was open). */
  const refresh = async () => {
    if (!booking || !manageKey) return;
    const result = await requestJson<ManagedBooking>(publicApi.manageBooking.view, { method: 'POST', json: { bookingNumber: booking.number, key: manageKey } });
    if (result.ok) setBooking(result.data);
  };

  const emailLink = async () => {
    if (!credentials) return;
    setSendingLink(true);
    const result = await requestJson<{ emailedTo: string }>(publicApi.manageLink, { method: 'POST', json: credentials });
    setSendingLink(false);
    setLinkSent(
      result.ok
        ? { ok: true, message: interpolate(t.cancelCard.sent, { email: result.data.emailedTo }) }
        : { ok: false, message: result.status === 429 ? t.cancelCard.sentTooMany : result.error.message },
    );
  };


  // Move focus to what changed: the found booking, or the reason there is none. A booking a move or a
  // cancellation answered stays where the customer is: the manage card says what happened there, and a
  // jump to the heading left it (and a difference to pay) a screen or more below on a phone.
  useEffect(() => {
    if (found > 0) resultRef.current?.focus();
  }, [found]);
  useEffect(() => {
    if (formError) errorRef.current?.focus();
  }, [formError]);

  const instantFormat = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    timeZone,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const formatInstant = (iso: string) => formatInstantIn(instantFormat, new Date(iso));

  const lookUp = async (e: SubmitEvent) => {
    e.preventDefault();
    setFormError(null);
    const number = numberRef.current?.value ?? '';
    const value = (contactRef.current?.value ?? '').trim();
    const byEmail = value.includes('@');
    const parsed = trackOrderRequest.safeParse({
      bookingNumber: number,
      ...(value ? (byEmail ? { email: value } : { phone: value }) : {}),
    });
    const errors: { bookingNumber?: string; contact?: string } = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'bookingNumber' ? 'bookingNumber' : 'contact';
        errors[key] ??= err(issue.message);
      }
    } else if (!byEmail && parsed.data.phone && parsed.data.phone.replace(/\D/g, '').length < 10) {
      errors.contact = t.lookup.phoneTooShort;
    }
    setFieldErrors(errors);
    if (errors.bookingNumber || errors.contact || !parsed.success) {
      (errors.bookingNumber ? numberRef : contactRef).current?.focus();
      return;
    }
    setLoading(true);
    const body: Credentials = parsed.data;
    const result = await requestJson<PublicBooking>(publicApi.trackOrder, { method: 'POST', json: body });
    setLoading(false);
    if (result.ok) {
      setBooking(result.data);
      setFound((n) => n + 1);
      setCredentials(body);
      setManageKey(null);
      setLinkSent(null);
      setPayError(null);
      const url = new URL(window.location.href);
      url.searchParams.set('booking', result.data.number);
      url.searchParams.delete('payment');
      window.history.replaceState(window.history.state, '', url);
      return;
    }
    setBooking(null);
    setFormError(messageFor(result.error, result.status));
  };

  /** Pays what is owed (or, with `amountCents`, part of the balance: a move's difference). */
  const pay = async (amountCents?: number) => {
    if (!credentials && !(booking && manageKey)) return;
    setPaying(true);
    setPayError(null);
    const result = manageKey
      ? await requestJson<{ url: string }>(publicApi.manageBooking.pay, { method: 'POST', json: { bookingNumber: booking!.number, key: manageKey, ...(amountCents ? { amountCents } : {}) } })
      : await requestJson<{ url: string }>(publicApi.bookingPayment, { method: 'POST', json: credentials });
    if (result.ok) {
      window.location.assign(result.data.url);
      return;
    }
    setPaying(false);
    setPayError(result.error.message);
  };

  return {
    fieldErrors,
    formError,
    loading,
    booking,
    paymentCancelled,
    paying,
    payError,
    resultRef,
    numberRef,
    contactRef,
    errorRef,
    formatInstant,
    lookUp,
    pay,
    manageKey,
    refresh,
    emailLink,
    linkSent,
    sendingLink,
    /** A move or cancellation answered the booking as it now stands. */
    replaceBooking: (next: ManagedBooking) => setBooking(next),
  };
}

export type TrackOrderState = ReturnType<typeof useTrackOrder>;
