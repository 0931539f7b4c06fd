import { useState } from 'react';
import { surfaceLabels } from '../../lib/business';
import { productPath } from '../../lib/paths';
import { MAX_STAIR_FLIGHTS, NOT_SURE, SITE_FIELDS, siteAnswers, type SiteQuestion, type SiteRefusal } from '../../lib/site-check';
import type { PriceQuote } from '../../lib/booking/index.server';
import { siteQuestionId } from './site-question-ids';
import { Checkbox, SelectField, TextField } from './form-kit';
import { SitePhotoPicker } from '../checkout/SitePhotoPicker';

/** The price quote's `site` (checkout), or the quote request's own (requestSite): the alternatives are named and linked. */
type QuoteSite = Omit<PriceQuote['site'], 'refusals'> & { refusals: (SiteRefusal & { alternatives: { slug: string; name: string }[] })[] };
/** The answers as the questions set them (the cart's, or a quote request's); the request's schema (siteAnswers) decides what they mean. */
export type SiteAnswerValues = { [K in 'surface' | 'outlet' | 'accessInches' | 'stairFlights' | 'ceilingFt']?: string | number | undefined };
type AnswerKey = keyof SiteAnswerValues;

export interface SiteQuestionsProps {
  formId: string;
  site: QuoteSite;
  answers: SiteAnswerValues;
  /** Errors the form set at a question (not answered on send, or the server's answer), by question. */
  errors: Partial<Record<SiteQuestion, string>>;
  onAnswer: (key: AnswerKey, answer: string | number | undefined) => void;
  /** Checkout's photos of the spot (sent once the booking is placed); a quote request has no booking to send them to. */
  photos?: boolean;
}


const flights = (n: number) => (n === 0 ? 'No stairs' : n === 1 ? '1 flight' : `${n} flights`);
/** A typed measurement as the request's schema reads it: the answer, or why it cannot be one. */
function measurement(key: 'accessInches' | 'ceilingFt', text: string): { answer: number | undefined; problem?: string } {
  const typed = text.trim();
  if (typed === '') return { answer: undefined };
  if (!/^\d+([.,]\d+)?$/.test(typed)) return { answer: undefined, problem: 'Enter a number, like 36' };
  const parsed = siteAnswers.shape[key].safeParse(Number(typed.replace(',', '.')));
  return parsed.success ? { answer: parsed.data as number } : { answer: undefined, problem: parsed.error.issues[0]!.message };
}

/**
 * "Your setup spot": only the questions this cart needs (the server's price says which at checkout, the
 * same engine in the page on the quote request), each with the owner's help, and what the answer refuses
 * at its field with what would work instead. Loaded only for a cart that asks something: a cart of tables
 * and chairs carries none of it.
 */
export default function SiteQuestions({ formId, site, answers, errors, onAnswer, photos = false }: SiteQuestionsProps) {
  const errorOf = (q: SiteQuestion) => errors[q] ?? (site.refusals.filter((r) => r.field === SITE_FIELDS[q]).map((r) => r.message).join(' ') || undefined);
  const alternatives = (q: SiteQuestion) => site.refusals.filter((r) => r.field === SITE_FIELDS[q]).flatMap((r) => r.alternatives);
  const asked = new Set(site.questions);
  const common = (q: SiteQuestion) => ({ id: siteQuestionId(formId, q), error: errorOf(q), hint: site.help[q] || undefined });
  /** A measured question: its answer, its problem and what would work instead, by the answer's key. */
  const measured = (q: 'access' | 'ceiling', key: 'accessInches' | 'ceilingFt', label: string, hint: string | undefined) => (
    <Measured formId={formId} question={q} label={label} hint={hint} answer={answers[key]} error={errorOf(q)} answerKey={key} onAnswer={(a) => onAnswer(key, a)} alternatives={alternatives(q)} />
  );
  return (
    <div className="space-y-5">
      <p className="text-slate-800">A few questions about the spot, so we bring the right gear and nothing surprises the crew.</p>
      {asked.has('surface') && (
        <div>
          <SelectField
            {...common('surface')}
            label="What is the ground where we set up?"
            value={String(answers.surface ?? '')}
            onChange={(e) => onAnswer('surface', e.target.value || undefined)}
          >
            <option value="">Choose…</option>
            {site.surfaces.map((s) => (
              <option key={s} value={s}>
                {surfaceLabels[s]}
              </option>
            ))}
          </SelectField>
          <Alternatives list={alternatives('surface')} />
        </div>
      )}
      {asked.has('outlet') && (
        <SelectField
          {...common('outlet')}
          label={`Is there an outlet within ${site.outletRunFt} ft of the spot${site.circuitAmps ? ` (on a ${site.circuitAmps}-amp circuit)` : ''}?`}
          value={String(answers.outlet ?? '')}
          onChange={(e) => onAnswer('outlet', e.target.value || undefined)}
        >
          <option value="">Choose…</option>
          <option value="yes">Yes</option>
          <option value="no">No: bring a generator</option>
          <option value={NOT_SURE}>Not sure</option>
        </SelectField>
      )}
      {asked.has('access') && (
        measured('access', 'accessInches', 'How wide is the narrowest gate or door on the way, in inches?', site.help.access || 'Measure it: a tape from post to post of the gate or frame to frame of the door.')
      )}
      {asked.has('stairs') && (
        <SelectField
          {...common('stairs')}
          label="Flights of stairs between the street and the spot"
          value={answers.stairFlights === undefined ? '' : String(answers.stairFlights)}
          onChange={(e) => onAnswer('stairFlights', e.target.value === '' ? undefined : Number(e.target.value))}
        >
          <option value="">Choose…</option>
          {Array.from({ length: MAX_STAIR_FLIGHTS + 1 }, (_, n) => (
            <option key={n} value={n}>
              {flights(n)}
            </option>
          ))}
        </SelectField>
      )}
      {asked.has('ceiling') && (
        measured('ceiling', 'ceilingFt', 'How high is the ceiling, in feet?', site.help.ceiling || undefined)
      )}
      {photos && <SitePhotoPicker formId={formId} />}
    </div>
  );
}

/** A measurement or "Not sure": the number counts once the field is left, never while it is typed. */
function Measured({ formId, question, answerKey, label, hint, answer, error, onAnswer, alternatives }: {
  formId: string;
  question: SiteQuestion;
  answerKey: 'accessInches' | 'ceilingFt';
  label: string;
  hint: string | undefined;
  answer: string | number | undefined;
  error: string | undefined;
  onAnswer: (answer: string | number | undefined) => void;
  alternatives: QuoteSite['refusals'][number]['alternatives'];
}) {
  const notSure = answer === NOT_SURE;
  const id = siteQuestionId(formId, question);
  // A figure the schema refuses stays here, at the field, and is not sent: the price stays the last good one.
  const [problem, setProblem] = useState<string | undefined>();
  const take = (text: string) => {
    const read = measurement(answerKey, text);
    setProblem(read.problem);
    onAnswer(read.answer);
  };
  return (
    <div className="space-y-2">
      <TextField
        id={id}
        label={label}
        hint={hint}
        error={problem ?? error}
        inputMode="decimal"
        maxLength={5}
        disabled={notSure}
        defaultValue={typeof answer === 'number' ? String(answer) : ''}
        onBlur={(e) => take(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            take(e.currentTarget.value);
          }
        }}
        inputClassName="max-w-32"
      />
      <Checkbox id={`${id}-not-sure`} label="Not sure" checked={notSure} onChange={(e) => onAnswer(e.target.checked ? NOT_SURE : undefined)} />
      <Alternatives list={alternatives} />
    </div>
  );
}

function Alternatives({ list }: { list: { slug: string; name: string }[] }) {
  if (list.length === 0) return null;
  return (
    <div className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-slate-900" data-testid="site-alternatives">
      <p className="font-semibold">These work for your spot and are free that day:</p>
      <ul className="mt-1 list-disc pl-5">
        {list.map((p) => (
          <li key={p.slug}>
            <a href={productPath(p)} className="font-semibold text-brand-800 underline underline-offset-4">
              {p.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
