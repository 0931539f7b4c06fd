import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../lib/money';
import { publicApi } from '../../lib/paths';
import { answerByWords, type RainOutOffer, type RainOutState } from '../../lib/rain-outs';
import type { RainCheck as RainCheckData } from '../../lib/rain-outs/index.server';
import { formatEventWindow, formatLongDate } from '../../lib/time';
import { requestJson } from '../shared/api';
import { primaryButtonClass } from '../shared/form-classes';

/** What happened, in the customer's words, once the rain check is settled. */
const settledText: Record<Exclude<RainOutState, 'waiting'>, (r: RainCheckData) => string> = {
  credit: () =>
    'You chose a credit. We’ve e-mailed you the details: use it when you book again with the same e-mail address.',
  lapsed: () =>
    'The time to choose passed, so what you paid is kept for you as a rain check. We’ve e-mailed you the details.',
  refund: () => 'You chose a refund. A card refund shows on your statement within 5–10 business days.',
  moved: (r) => `Your party has moved to ${formatEventWindow(r.event)}.`,
};

/**
 * A rained-out customer's page, opened from the personal link in our e-mail (?booking=…&key=…): the
 * party that was called off, the choices staff offered and, once chosen, what happens now.
 */
export default function RainCheck({ phone }: { phone: string }) {
  const [access, setAccess] = useState<{ bookingNumber: string; key: string } | null>(null);
  const [check, setCheck] = useState<RainCheckData | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [choice, setChoice] = useState<RainOutOffer | null>(null);
  const [sending, setSending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const found = { bookingNumber: params.get('booking') ?? '', key: params.get('key') ?? '' };
    setAccess(found);
    void requestJson<RainCheckData>(publicApi.rainCheck, { method: 'POST', json: found }).then((r) =>
      r.ok ? setCheck(r.data) : setProblem(r.error.message),
    );
  }, []);
  useEffect(() => {
    if (check) headingRef.current?.focus();
  }, [check]);

  const answer = async () => {
    if (!access || !choice) return;
    setSending(true);
    setProblem(null);
    const result = await requestJson<RainCheckData>(publicApi.rainCheckAnswer, {
      method: 'POST',
      json: { ...access, answer: choice },
    });
    setSending(false);
    if (result.ok) setCheck(result.data);
    else setProblem(result.error.message);
  };

  const phoneHref = `tel:${phone.replace(/[^\d+]/g, '')}`;
  if (!check) {
    return problem ? (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 font-semibold text-red-800">
        {problem}
      </p>
    ) : (
      <p role="status">Loading your rain check…</p>
    );
  }
  return (
    <section
      aria-labelledby="rain-check-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="rain-check-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900">
        Booking {check.number}: {formatLongDate(check.rainedOutOn)}
      </h2>
      {check.state === 'waiting' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void answer();
          }}
          className="space-y-3"
        >
          <fieldset>
            <legend className="font-semibold text-slate-900">
              Choose one by {answerByWords(check.lastDayToAnswer)}
            </legend>
            <div className="mt-2 space-y-2">
              {check.choices.map((c) => (
                <label
                  key={c.offer}
                  className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 p-3 text-slate-900"
                >
                  <input
                    type="radio"
                    name="choice"
                    value={c.offer}
                    checked={choice === c.offer}
                    onChange={() => setChoice(c.offer)}
                    className="mt-1 size-5"
                  />
                  <span>{c.label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {check.amountPaidCents > 0 && (
            <p className="text-sm text-slate-700">You paid {formatMoney(check.amountPaidCents)} for this booking.</p>
          )}
          {problem && (
            <p role="alert" className="font-semibold text-red-800">
              {problem}
            </p>
          )}
          {choice === 'move' && check.moveUrl ? (
            // The move is made on the booking's own page: live availability and the new price before confirming.
            <a href={check.moveUrl} className={primaryButtonClass}>
              Choose the new date
            </a>
          ) : (
            <button type="submit" className={primaryButtonClass} disabled={!choice || sending}>
              {sending ? 'Saving your choice…' : 'Confirm my choice'}
            </button>
          )}
        </form>
      ) : (
        <p role="status" className="text-slate-800">
          {settledText[check.state](check)}
        </p>
      )}
      <p className="text-sm text-slate-700">
        Questions? Call us at{' '}
        <a href={phoneHref} className="font-semibold text-brand-800 underline">
          {phone}
        </a>
        .
      </p>
    </section>
  );
}
