/**
 * Per-address budgets of the public endpoints that are not forms (the forms keep theirs beside their
 * handlers). Counted in PostgreSQL by rateLimit, one call per request, before the input is read, so
 * a malformed request costs an attempt like any other.
 *
 * Browsing (availability, prices) is sized so a person clicking through a calendar never meets it:
 * BROWSE_RATE_LIMIT per 10 minutes, default 1200 (two a second for ten minutes). The rest are what
 * one visitor's page could ask for, with room to spare.
 */
export interface PublicLimit {
  /** Requests one address may make per window. */
  limit: number;
  windowSeconds: number;
}

const TEN_MINUTES = 600;

export const publicLimits = {
  /** The cart re-prices on every change (quantity, ZIP, dates): one a couple of seconds is plenty. */
  quotePrice: { limit: 300, windowSeconds: TEN_MINUTES },
  /** The payment page asks a few times while the webhook lands. */
  paymentStatus: { limit: 30, windowSeconds: TEN_MINUTES },
  /** Photos are cached by browsers and the CDN for a year; a cold catalog page asks for many at once. */
  productPhotos: { limit: 600, windowSeconds: TEN_MINUTES },
  /** The logo is on every page but cached for a year: one visitor asks for it a handful of times. */
  logo: { limit: 120, windowSeconds: TEN_MINUTES },
  /**
   * A customer's own booking from its personal link: the page, a price for each window they try, a
   * move or cancellation and a payment. Without the key nothing opens, so this only caps guessing.
   */
  manageBooking: { limit: 120, windowSeconds: TEN_MINUTES },
  /** "Confirm your booking request" from the booking e-mail (issue #36): a customer clicks once or twice. */
  confirmBooking: { limit: 30, windowSeconds: TEN_MINUTES },
  /** "E-mail me the change link": a customer asks once or twice (and each booking at most 3 times an hour). */
  manageLink: { limit: 5, windowSeconds: TEN_MINUTES },
  /**
   * Twilio's inbound texts (STOP, START, HELP, answers): they come from Twilio's addresses, a handful
   * per booking; the limit only caps a flood of forged requests, each refused by its signature.
   */
  textsInbound: { limit: 300, windowSeconds: TEN_MINUTES },
  /**
   * Checkout's cart captured beside a typed e-mail (issue #26): checkout sends it once an address is
   * valid and again when the cart changes; a script posting other people's addresses is held here,
   * besides one reminder ever per address and cart and the suppression list. The link back is a GET of a page.
   */
  checkoutCart: { limit: 20, windowSeconds: TEN_MINUTES },
  /** The booking widget's "Check out" (issue #39): a customer checks out once or twice; per visitor, whatever the host site. */
  embedCartToken: { limit: 30, windowSeconds: TEN_MINUTES },
  /** The checkout opened with a widget's cart: once per "Check out". */
  embedCart: { limit: 30, windowSeconds: TEN_MINUTES },
  /**
   * A rained-out customer's offer, read from its personal link: the page's first read, a read each time
   * the tab comes back into view while the offer waits (a customer flicking between apps on a phone does
   * that often), and one after a refused answer. Counted apart from the answers, so re-reads never use up
   * the choice itself; sized like the booking's own page (manageBooking). The key is 256 bits: this caps
   * load, guessing is hopeless anyway.
   */
  rainCheckRead: { limit: 120, windowSeconds: TEN_MINUTES },
  /** The rain check's answer: a customer chooses once, or again after a refusal. */
  rainCheckAnswer: { limit: 30, windowSeconds: TEN_MINUTES },
  /** The review request's two answers and its feedback form: a customer clicks once or twice. */
  review: { limit: 30, windowSeconds: TEN_MINUTES },
  /** One-click unsubscribe: a mail client posts once; the page's button once more. */
  unsubscribe: { limit: 20, windowSeconds: TEN_MINUTES },
  /**
   * Photos of the setup spot (issue #38): a customer sends up to 3 per booking, once or a few times;
   * each request is up to 6 MB, so this also caps what one address may make us store.
   */
  sitePhotos: { limit: 20, windowSeconds: TEN_MINUTES },
  /** Uptime monitors ask about once a minute. */
  health: { limit: 120, windowSeconds: TEN_MINUTES },
} satisfies Record<string, PublicLimit>;

/** Different coupon codes one address may try in an hour: a customer types one or two, a script hundreds. */
export const couponCodesPerHour: PublicLimit = { limit: 10, windowSeconds: 3600 };

/** Finding a booking by its number and e-mail or phone (track-order, and the payment page opened from it): from LOOKUP_RATE_LIMIT. */
export const lookupLimit = (perTenMinutes: number): PublicLimit => ({ limit: perTenMinutes, windowSeconds: TEN_MINUTES });

/** Availability and prices: generous, from BROWSE_RATE_LIMIT. */
export const browseLimit = (perTenMinutes: number): PublicLimit => ({ limit: perTenMinutes, windowSeconds: TEN_MINUTES });
