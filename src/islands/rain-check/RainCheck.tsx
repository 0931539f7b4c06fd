import { useEffect, useMemo, useRef, useState } from 'react';
import { formatsFor, interpolate, phoneHref, type Locale, type Messages } from '../../lib/i18n';
import { publicApi } from '../../lib/paths';
import type { RainOutOffer } from '../../lib/rain-outs';
import type { RainCheck as RainCheckData } from '../../lib/rain-outs/index.server';
import { requestJson } from '../shared/api';
import { LoadingOrProblem } from '../shared/LoadingOrProblem';
import { primaryButtonClass } from '../shared/form-classes';

/** The page's words (messages.rainCheck without the page's own title and lede). */
export type RainCheckWords = Omit<Messages['rainCheck'], 'page'>;

/** The offer as it stands now. */
const readCheck = (access: { bookingNumber: string; key: string }) =>
  requestJson<RainCheckData>(publicApi.rainCheck, { method: 'POST', json: access });

/**
 * A rained-out customer's page, opened from the personal link in our e-mail (?booking=…&key=…): the
 * party that was called off, the choices staff offered and, once chosen, what happens now. In the
 * page's language (/es/rain-check for a Spanish booking): its words come from the page, the choices
 * and the server's messages in the page's language (X-Page-Language).
 */
export default function RainCheck({ phone, locale, words: t }: { phone: string; locale: Locale; words: RainCheckWords }) {
  const f = useMemo(() => formatsFor(locale), [locale]);
  const [access, setAccess] = useState<{ bookingNumber: string; key: string } | null>(null);
  const [check, setCheck] = useState<RainCheckData | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [choice, setChoice] = useState<RainOutOffer | null>(null);
  const [sending, setSending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Whether the offer shown still waits for an answer (read by the visibility re-check, set with the state). */
  const waiting = useRef(false);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const found = { bookingNumber: params.get('booking') ?? '', key: params.get('key') ?? '' };
    setAccess(found);
    void readCheck(found).then((r) => (r.ok ? setCheck(r.data) : setProblem(r.error.message)));
    // Staff may move the party (or another tab answer) while this page stays open: a customer coming
    // back to it sees where the offer stands now, not choices the server would refuse. Only while it
    // waits: a settled offer never changes again. Reads have a count of their own on the server
    // (publicLimits.rainCheckRead), so coming back to the tab often never uses up the answer's.
    // A read that comes back after an answer settled the offer is older than it: dropped.
    const recheck = () => {
      if (document.visibilityState === 'visible' && waiting.current) void readCheck(found).then((r) => r.ok && waiting.current && setCheck(r.data));
    };
    document.addEventListener('visibilitychange', recheck);
    return () => document.removeEventListener('visibilitychange', recheck);
  }, []);
  // Focus follows a change of state (opened, answered, found moved), not every re-read of the same one.
  const state = check?.state;
  useEffect(() => {
    waiting.current = state === 'waiting';
    if (state) headingRef.current?.focus();
  }, [state]);

  const answer = async () => {
    if (!access || !choice) return;
    setSending(true);
    setProblem(null);
    const result = await requestJson<RainCheckData>(publicApi.rainCheckAnswer, {
      method: 'POST',
      json: { ...access, answer: choice },
    });
    if (result.ok) setCheck(result.data);
    else {
      setProblem(result.error.message);
      // A 409 means the offer was settled meanwhile (moved by staff, answered in another tab) or its time
      // has passed: show where it stands now; the refusal stays beside the choices if they still show.
      const now = result.status === 409 ? await readCheck(access) : null;
      if (now?.ok) setCheck(now.data);
    }
    setSending(false);
  };

  const callHref = phoneHref(phone);
  if (!check) {
    return <LoadingOrProblem problem={problem} loading={t.loading} />;
  }
  const [beforePhone, afterPhone] = t.questions.split('{phone}');
  return (
    <section
      aria-labelledby="rain-check-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
    >
      <h2 id="rain-check-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900">
        {interpolate(t.heading, { number: check.number, date: f.longDate(check.rainedOutOn) })}
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
              {interpolate(t.chooseBy, { day: f.longDate(check.lastDayToAnswer) })}
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
            <p className="text-sm text-slate-700">{interpolate(t.paid, { amount: f.money(check.amountPaidCents) })}</p>
          )}
          {problem && (
            <p role="alert" className="font-semibold text-red-800">
              {problem}
            </p>
          )}
          {choice === 'move' && check.moveUrl ? (
            // The move is made on the booking's own page: live availability and the new price before confirming.
            <a href={check.moveUrl} className={primaryButtonClass}>
              {t.chooseDate}
            </a>
          ) : (
            <button type="submit" className={primaryButtonClass} disabled={!choice || sending}>
              {sending ? t.saving : t.confirm}
            </button>
          )}
        </form>
      ) : (
        <p role="status" className="text-slate-800">
          {check.state === 'moved' ? interpolate(t.settled.moved, { when: f.eventWindow(check.event) }) : t.settled[check.state]}
        </p>
      )}
      <p className="text-sm text-slate-700">
        {beforePhone}
        <a href={callHref} className="font-semibold text-brand-800 underline">
          {phone}
        </a>
        {afterPhone}
      </p>
    </section>
  );
}
