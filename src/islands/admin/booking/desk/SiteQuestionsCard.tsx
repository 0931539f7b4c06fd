import { useId } from 'react';
import type { PriceQuote } from '../../../../lib/booking/index.server';
import { formatMoney } from '../../../../lib/money';
import SiteQuestions, { type SiteAnswerValues } from '../../../shared/SiteQuestions';
import { siteAnswerErrors, withSiteAnswer } from '../../../shared/site-answers';
import { Card } from '../../shared/ui';
import { fieldError, type DeskForm } from './desk-form';

/**
 * "Setup spot": the questions checkout would ask for this cart (the server's price says which), read
 * to the caller and answered here. The surface is the address's (one answer: the Delivery address
 * card hides its own select while this asks it). Staff may leave a question unanswered: the booking is
 * then flagged for a call, as the server decides (answers are not required of staff).
 */
export function SiteQuestionsCard({ form, quote }: { form: DeskForm; quote: PriceQuote | null }) {
  const formId = useId();
  const site = form.watch('site');
  const surface = form.watch('address.surface');
  if (!quote || quote.site.questions.length === 0) return null;

  const { surface: _stored, ...rest } = site;
  const answers: SiteAnswerValues = surface ? { ...rest, surface } : rest;
  const errors = siteAnswerErrors((field, q) => fieldError(form, field) ?? (q === 'surface' ? fieldError(form, 'address.surface') : undefined));
  const onAnswer = (key: keyof SiteAnswerValues, answer: string | number | undefined) => {
    if (key === 'surface') {
      form.setValue('address.surface', answer === undefined ? '' : String(answer), { shouldDirty: true });
      form.clearErrors(['address.surface', 'site.surface']);
      return;
    }
    // The answer as the schema reads it; the request's own check (siteAnswers) refuses anything else at its field.
    form.setValue('site', withSiteAnswer(form.getValues('site'), key, answer), { shouldDirty: true });
    form.clearErrors(`site.${key}`);
  };
  const unanswered = quote.site.unanswered.length;
  // What the answers bring, as checkout lists it: the generator is a line of its own (with its stock), the rest site charges.
  const added = [
    ...quote.lines.filter((l) => l.siteAdded).map((l) => ({ label: `${l.name} × ${l.quantity}`, reason: 'added: no outlet in reach', cents: l.lineTotalCents })),
    ...quote.siteCharges,
  ];
  return (
    <Card title="Setup spot">
      <SiteQuestions formId={formId} site={quote.site} answers={answers} errors={errors} onAnswer={onAnswer} />
      {added.length > 0 && (
        <ul aria-label="Added for the setup spot" className="mt-3 grid gap-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-900">
          {added.map((a) => (
            <li key={a.label}>
              <span className="font-semibold">{a.label}</span> · {formatMoney(a.cents)} <span className="text-slate-700">({a.reason})</span>
            </li>
          ))}
        </ul>
      )}
      {unanswered > 0 && (
        <p className="mt-3 text-sm text-slate-800">
          {unanswered === 1 ? 'A question' : `${unanswered} questions`} left unanswered: the booking is flagged to call the
          customer before delivery.
        </p>
      )}
    </Card>
  );
}
