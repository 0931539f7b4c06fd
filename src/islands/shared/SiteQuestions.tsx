import { useRef, useState } from 'react';
import { surfaceLabels } from '../../lib/business';
import { interpolate, type Messages } from '../../lib/i18n';
import { productPath } from '../../lib/paths';
import { MAX_STAIR_FLIGHTS, NOT_SURE, SITE_FIELDS, siteAnswers, type SiteQuestion, type SiteRefusal } from '../../lib/site-check';
import type { PriceQuote } from '../../lib/booking/index.server';
import { siteQuestionId } from './site-question-ids';
import { Checkbox, SelectField, TextField } from './form-kit';
import { useWordsIfAny } from './island-words';
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

type QuestionWords = Messages['siteQuestions'];
/**
 * The questions' words where no page gave any (the staff desk and the quote request share this part and
 * speak English): messages/en.json's `siteQuestions`, which a checkout page hands over in its language.
 */
const ENGLISH: QuestionWords = {
  intro: 'A few questions about the spot, so we bring the right gear and nothing surprises the crew.',
  surface: 'What is the ground where we set up?',
  choose: 'Choose…',
  outlet: 'Is there an outlet within {ft} ft of the spot{circuit}?',
  circuit: ' (on a {amps}-amp circuit)',
  yes: 'Yes',
  noGenerator: 'No: bring a generator',
  notSure: 'Not sure',
  access: 'How wide is the narrowest gate or door on the way, in inches?',
  accessHint: 'Measure it: a tape from post to post of the gate or frame to frame of the door.',
  stairs: 'Flights of stairs between the street and the spot',
  noStairs: 'No stairs',
  oneFlight: '1 flight',
  flights: '{n} flights',
  ceiling: 'How high is the ceiling, in feet?',
  enterNumber: 'Enter a number, like 36',
  alternatives: 'These work for your spot and are free that day:',
  surfaces: surfaceLabels,
  photos: {
    label: 'Photos of the setup spot',
    optional: ' (optional)',
    choose: 'Choose photos',
    hint: 'Up to {max} photos of where we set up and the way in from the street, so the crew know the spot before they arrive.',
    room: { one: 'Choose 1 more photo at most.', other: 'Choose {count} more photos at most.' },
    photoAlt: 'Photo {n} of the setup spot',
    remove: 'Remove photo {n}',
  },
};
/** The page's words for the questions, and its catalog for the schema's messages (English: as they are). */
function useQuestionWords(): { w: QuestionWords; err: (message: string) => string } {
  const words = useWordsIfAny();
  return { w: words?.siteQuestions ?? ENGLISH, err: words?.err ?? ((message) => message) };
}

const flights = (w: QuestionWords, n: number) => (n === 0 ? w.noStairs : n === 1 ? w.oneFlight : interpolate(w.flights, { n }));
/** A typed measurement as the request's schema reads it: the answer, or why it cannot be one. */
function measurement(key: 'accessInches' | 'ceilingFt', text: string, w: QuestionWords, err: (message: string) => string): { answer: number | undefined; problem?: string } {
  const typed = text.trim();
  if (typed === '') return { answer: undefined };
  if (!/^\d+([.,]\d+)?$/.test(typed)) return { answer: undefined, problem: w.enterNumber };
  const parsed = siteAnswers.shape[key].safeParse(Number(typed.replace(',', '.')));
  return parsed.success ? { answer: parsed.data as number } : { answer: undefined, problem: err(parsed.error.issues[0]!.message) };
}

/**
 * "Your setup spot": only the questions this cart needs (the server's price says which at checkout, the
 * same engine in the page on the quote request), each with the owner's help, and what the answer refuses
 * at its field with what would work instead. Loaded only for a cart that asks something: a cart of tables
 * and chairs carries none of it.
 */
export default function SiteQuestions({ formId, site, answers, errors, onAnswer, photos = false }: SiteQuestionsProps) {
  const { w } = useQuestionWords();
  const errorOf = (q: SiteQuestion) => errors[q] ?? (site.refusals.filter((r) => r.field === SITE_FIELDS[q]).map((r) => r.message).join(' ') || undefined);
  // Two rentals a gate refuses often suggest the same ones: each is named once.
  const alternatives = (q: SiteQuestion) => [
    ...new Map(site.refusals.filter((r) => r.field === SITE_FIELDS[q]).flatMap((r) => r.alternatives.map((a) => [a.slug, a] as const))).values(),
  ];
  const asked = new Set(site.questions);
  const common = (q: SiteQuestion) => ({ id: siteQuestionId(formId, q), error: errorOf(q), hint: site.help[q] || undefined });
  /** A measured question: its answer, its problem and what would work instead, by the answer's key. */
  const measured = (q: 'access' | 'ceiling', key: 'accessInches' | 'ceilingFt', label: string, hint: string | undefined) => (
    <Measured formId={formId} question={q} label={label} hint={hint} answer={answers[key]} error={errorOf(q)} answerKey={key} onAnswer={(a) => onAnswer(key, a)} alternatives={alternatives(q)} />
  );
  return (
    <div className="space-y-5">
      <p className="text-slate-800">{w.intro}</p>
      {asked.has('surface') && (
        <div>
          <SelectField
            {...common('surface')}
            label={w.surface}
            value={String(answers.surface ?? '')}
            onChange={(e) => onAnswer('surface', e.target.value || undefined)}
          >
            <option value="">{w.choose}</option>
            {site.surfaces.map((s) => (
              <option key={s} value={s}>
                {w.surfaces[s]}
              </option>
            ))}
          </SelectField>
          <Alternatives list={alternatives('surface')} />
        </div>
      )}
      {asked.has('outlet') && (
        <SelectField
          {...common('outlet')}
          label={interpolate(w.outlet, { ft: site.outletRunFt, circuit: site.circuitAmps ? interpolate(w.circuit, { amps: site.circuitAmps }) : '' })}
          value={String(answers.outlet ?? '')}
          onChange={(e) => onAnswer('outlet', e.target.value || undefined)}
        >
          <option value="">{w.choose}</option>
          <option value="yes">{w.yes}</option>
          <option value="no">{w.noGenerator}</option>
          <option value={NOT_SURE}>{w.notSure}</option>
        </SelectField>
      )}
      {asked.has('access') && (
        measured('access', 'accessInches', w.access, site.help.access || w.accessHint)
      )}
      {asked.has('stairs') && (
        <div>
          <SelectField
            {...common('stairs')}
            label={w.stairs}
            value={answers.stairFlights === undefined ? '' : String(answers.stairFlights)}
            onChange={(e) => onAnswer('stairFlights', e.target.value === '' ? undefined : Number(e.target.value))}
          >
            <option value="">{w.choose}</option>
            {Array.from({ length: MAX_STAIR_FLIGHTS + 1 }, (_, n) => (
              <option key={n} value={n}>
                {flights(w, n)}
              </option>
            ))}
          </SelectField>
          <Alternatives list={alternatives('stairs')} />
        </div>
      )}
      {asked.has('ceiling') && (
        measured('ceiling', 'ceilingFt', w.ceiling, site.help.ceiling || undefined)
      )}
      {photos && <SitePhotoPicker formId={formId} words={w.photos} />}
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
  const { w, err } = useQuestionWords();
  // A figure the schema refuses stays here, at the field, and is not sent: the price stays the last good one.
  const [problem, setProblem] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const take = (text: string) => {
    const read = measurement(answerKey, text, w, err);
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
        ref={input}
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
      <Checkbox id={`${id}-not-sure`} label={w.notSure} checked={notSure} onChange={(e) => (e.target.checked ? onAnswer(NOT_SURE) : take(input.current?.value ?? ''))} />
      <Alternatives list={alternatives} />
    </div>
  );
}

function Alternatives({ list }: { list: { slug: string; name: string }[] }) {
  const { w } = useQuestionWords();
  if (list.length === 0) return null;
  return (
    <div className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-slate-900" data-testid="site-alternatives">
      <p className="font-semibold">{w.alternatives}</p>
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
