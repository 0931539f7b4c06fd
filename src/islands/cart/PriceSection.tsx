import { setDamageWaiver } from './cart-store';
import PriceBreakdown from './PriceBreakdown';
import { updateCart } from './use-cart';
import { smallButton, type SectionProps } from './cart-section';
import { inputClass } from '../shared/form-classes';
import { interpolate } from '../../lib/i18n';
import { useWords } from '../shared/island-words';

/** The filled cart's price, the coupon and the way on to checkout (or why not yet). */
export default function PriceSection({ id, cart, state, waiverOffered }: SectionProps & { waiverOffered: boolean }) {
  const { cart: t, link, err } = useWords();
  const { quote, quoteState, waiverRequired, ready, blockedBecause } = state;
  const {
    draft: couponDraft,
    setDraft: setCouponDraft,
    error: couponError,
    apply: applyCoupon,
    remove: removeCoupon,
  } = state.coupon;
  return (
    <section
      aria-labelledby={`${id}-price`}
      className="h-fit rounded-2xl border-2 border-brand-200 bg-white p-5 lg:sticky lg:top-4"
    >
      {quote ? (
        <PriceBreakdown
          quote={quote}
          busy={quoteState.status === 'loading'}
          headingId={`${id}-price`}
          heading={t.yourPrice}
          waiverControl={
            waiverRequired ? (
              <p className="text-sm text-slate-700">{t.waiverRequired}</p>
            ) : (
              <label className="flex min-h-10 items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="mt-0.5 size-5 accent-brand-700"
                  checked={!cart.damageWaiver}
                  onChange={(e) => updateCart((c) => setDamageWaiver(c, !e.target.checked))}
                />
                <span>
                  {t.declineWaiver}
                  <a href={link('/terms')} className="font-semibold text-brand-800 underline">
                    {t.rentalTerms}
                  </a>
                  {t.declineWaiverEnd}
                </span>
              </label>
            )
          }
        />
      ) : (
        <>
          <h2 id={`${id}-price`} className="text-xl font-bold text-slate-900">
            {t.yourPrice}
          </h2>
          <p className="mt-2 text-slate-700">
            {quoteState.status === 'loading'
              ? t.pricing
              : quoteState.status === 'error'
                ? t.cannotPrice
                : waiverOffered
                  ? t.priceAppearsWaiver
                  : t.priceAppears}
          </p>
        </>
      )}

      <form className="mt-5 border-t border-brand-100 pt-4" onSubmit={applyCoupon} noValidate>
        <label htmlFor={`${id}-coupon`} className="font-semibold text-slate-900">
          {t.couponCode}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-coupon`}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className={`${inputClass} mt-0 uppercase`}
            value={couponDraft}
            aria-invalid={couponError ? true : undefined}
            aria-describedby={
              couponError
                ? `${id}-coupon-error`
                : cart.coupon && quote?.coupon.code
                  ? `${id}-coupon-applied`
                  : undefined
            }
            onChange={(e) => setCouponDraft(e.target.value)}
          />
          <button type="submit" className={smallButton}>
            {t.apply}
          </button>
        </div>
        {couponError && (
          <p id={`${id}-coupon-error`} className="mt-1 font-semibold text-red-800">
            {err(couponError)}
          </p>
        )}
        {!couponError && quote?.coupon.code && (
          <p
            id={`${id}-coupon-applied`}
            className="mt-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-emerald-800"
          >
            {interpolate(t.couponApplied, { code: quote.coupon.code })}
            <button
              type="button"
              onClick={removeCoupon}
              className="min-h-8 font-semibold text-brand-800 underline underline-offset-4"
            >
              {t.removeCoupon}
            </button>
          </p>
        )}
      </form>

      <div className="mt-6">
        {ready ? (
          <a
            href={link('/checkout')}
            className="flex min-h-12 w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 text-lg font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
          >
            {t.continue}
          </a>
        ) : (
          <>
            <button
              type="button"
              disabled
              aria-describedby={`${id}-blocked`}
              className="flex min-h-12 w-full cursor-not-allowed items-center justify-center rounded-full bg-slate-300 px-6 py-3 text-lg font-bold text-slate-700"
            >
              {t.continue}
            </button>
            <p id={`${id}-blocked`} className="mt-2 font-semibold text-slate-800">
              {blockedBecause}
            </p>
          </>
        )}
        <p className="mt-3 text-sm text-slate-700">
          {t.depositOnly}
        </p>
      </div>
    </section>
  );
}
