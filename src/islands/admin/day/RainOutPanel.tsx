import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../../lib/money';
import { adminApi } from '../../../lib/paths';
import { answerByWords, rainOutOfferLabels, rainOutOffers, rainOutStateLabels, type RainOutOffer } from '../../../lib/rain-outs';
import type { RainOutParty } from '../../../lib/rain-outs/index.server';
import { formatTimeRange } from '../../../lib/time';
import { Checkbox, FieldError, FormAlert } from '../../shared/form-kit';
import { adminMutate } from '../shared/admin-api';
import { useStaff } from '../shared/staff';
import { Badge, BookingLink, buttonClass, Card, secondaryButtonClass } from '../shared/ui';

export interface DayRainOuts {
  date: string;
  parties: RainOutParty[];
}

/**
 * The date's rain-outs: who was offered what and who has answered, and for managers the form that
 * calls the date off (all its parties or the ones ticked) and sends each customer their choices.
 */
export function RainOutPanel({ rainOuts, onChange }: { rainOuts: DayRainOuts; onChange(): void }) {
  const { can } = useStaff();
  const [open, setOpen] = useState(false);
  const rained = rainOuts.parties.filter((p) => p.offer);
  const candidates = rainOuts.parties.filter((p) => !p.offer && p.status !== 'cancelled');
  if (rained.length === 0 && (candidates.length === 0 || !can('manager'))) return null;
  return (
    <Card
      title="Rain-outs"
      actions={
        can('manager') && candidates.length > 0 && !open ? (
          <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
            Rain out this day…
          </button>
        ) : undefined
      }
    >
      {rained.length > 0 && (
        <ul className="space-y-2" aria-label="Rained-out parties">
          {rained.map((p) => (
            <li key={p.bookingId} className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
              <BookingLink id={p.bookingId} number={p.number} />
              <span>{p.customerName}</span>
              <Badge tone={p.offer!.state === 'waiting' ? 'warn' : 'good'}>{rainOutStateLabels[p.offer!.state]}</Badge>
              {p.offer!.state === 'waiting' && <span className="text-slate-700">answer by {answerByWords(p.offer!.lastDayToAnswer)}</span>}
            </li>
          ))}
        </ul>
      )}
      {open && <RainOutForm rainOuts={rainOuts} candidates={candidates} onDone={() => (setOpen(false), onChange())} onCancel={() => setOpen(false)} />}
    </Card>
  );
}

/** The fields the form says a refusal at (the request's `bookingIds.0` at the parties); any other refusal goes in its alert. */
const RAIN_OUT_FIELDS = ['bookingIds', 'offers', 'date'];

/** The groups of tick boxes an error is said at, in the form's order. */
const RAIN_OUT_GROUPS = ['bookingIds', 'offers'] as const;

function RainOutForm({ rainOuts, candidates, onDone, onCancel }: { rainOuts: DayRainOuts; candidates: RainOutParty[]; onDone(): void; onCancel(): void }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(candidates.map((p) => p.bookingId)));
  const [offers, setOffers] = useState<ReadonlySet<RainOutOffer>>(() => new Set<RainOutOffer>(['move', 'credit']));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const groups = { bookingIds: useRef<HTMLFieldSetElement>(null), offers: useRef<HTMLFieldSetElement>(null) };
  // A refusal goes to the first tick box of its group, as the booking desk goes to its fields: on a
  // phone the error was said above the screen and the focus stayed on "Send 0 offers". After the
  // render, so the box is read with the error that describes its group.
  useEffect(() => {
    const at = RAIN_OUT_GROUPS.find((group) => errors[group]);
    if (at) groups[at].current?.querySelector('input')?.focus();
  }, [refusals]);
  const toggle = <T,>(set: ReadonlySet<T>, value: T) => {
    const next = new Set(set);
    if (!next.delete(value)) next.add(value);
    return next;
  };
  const send = async () => {
    const problems: Record<string, string> = {};
    if (chosen.size === 0) problems.bookingIds = 'Tick at least one party';
    if (offers.size === 0) problems.offers = 'Offer the customers at least one choice';
    setErrors(problems);
    setProblem(null);
    if (Object.keys(problems).length > 0) {
      setRefusals((n) => n + 1);
      return;
    }
    setSending(true);
    const result = await adminMutate<{ rainedOut: string[] }>(
      adminApi.day.rainOuts(),
      'POST',
      { date: rainOuts.date, bookingIds: [...chosen], offers: rainOutOffers.filter((o) => offers.has(o)) },
      (data) => `Rained out: ${data.rainedOut.length} ${data.rainedOut.length === 1 ? 'party' : 'parties'}. Each customer has been e-mailed their choices.`,
    );
    setSending(false);
    if (result.ok) return onDone();
    const fields = Object.fromEntries(Object.entries(result.error.fields ?? {}).map(([path, message]) => [path.split('.')[0]!, message]));
    setErrors(fields);
    setRefusals((n) => n + 1);
    // A refusal that belongs to no field (a party rained out meanwhile, the date gone by) is said in the form
    // by the button, as the other staff forms do, not only in a toast that goes.
    // No answer is no refusal: the offers may have gone before the line dropped.
    const title = result.error.code === 'network' ? 'Not known whether it was sent: check the rained-out parties before sending again' : 'Nothing was rained out';
    setProblem(RAIN_OUT_FIELDS.some((field) => fields[field]) ? null : { title, message: result.error.message });
  };
  return (
    <form
      className="mt-3 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3"
      aria-label="Rain out this day"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <fieldset ref={groups.bookingIds} aria-describedby={errors.bookingIds ? 'rain-out-parties-error' : undefined}>
        <legend className="font-bold text-slate-900">Parties called off</legend>
        <div className="mt-1 space-y-1">
          {candidates.map((p) => (
            <Checkbox
              key={p.bookingId}
              label={`${p.number} · ${p.customerName} · ${formatTimeRange(p.event.start, p.event.end)}`}
              hint={p.amountPaidCents > 0 ? `${formatMoney(p.amountPaidCents)} paid` : 'Nothing paid yet'}
              checked={chosen.has(p.bookingId)}
              onChange={() => setChosen((set) => toggle(set, p.bookingId))}
            />
          ))}
        </div>
        <FieldError id="rain-out-parties" message={errors.bookingIds} />
      </fieldset>
      <fieldset ref={groups.offers} aria-describedby={errors.offers ? 'rain-out-offers-error' : undefined}>
        <legend className="font-bold text-slate-900">What the customers may choose</legend>
        <div className="mt-1 space-y-1">
          {rainOutOffers.map((offer) => (
            <Checkbox key={offer} label={rainOutOfferLabels[offer]} checked={offers.has(offer)} onChange={() => setOffers((set) => toggle(set, offer))} />
          ))}
        </div>
        <FieldError id="rain-out-offers" message={errors.offers} />
      </fieldset>
      {errors.date && <p role="alert" className="font-semibold text-red-800">{errors.date}</p>}
      <p className="text-sm text-slate-800">Each customer gets one e-mail with a personal link. Their units stay held until they answer or the time to answer passes.</p>
      {problem && <FormAlert title={problem.title} message={problem.message} />}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass} disabled={sending}>
          Send {chosen.size} {chosen.size === 1 ? 'offer' : 'offers'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Don’t rain out
        </button>
      </div>
    </form>
  );
}
