import { outsideServiceAreaStaffNote, type QuoteStatus, quoteStatusLabels, quoteUpdateInput } from '../../../lib/quote-requests';
import type { OfferProduct, QuoteDetail } from '../../../lib/quote-requests/index.server';
import { formatMediumDate } from '../../../lib/time';
import { overrideCovering } from '../../../lib/site-check';
import { formatMoney } from '../../../lib/money';
import { adminApi, adminPaths } from '../../../lib/paths';
import { adminMutate } from '../shared/admin-api';
import { staffClock } from '../shared/business';
import { Facts, NoteForm } from '../shared/record-parts';
import { useRecord } from '../shared/record-editor';
import { Badge, Card, LoadState, secondaryButtonClass } from '../shared/ui';
import { ConvertForm } from './ConvertForm';
import { CallAbout } from '../shared/CallAbout';
import { OfferForm } from './OfferForm';

export const quoteTones: Record<QuoteStatus, 'info' | 'brand' | 'good' | 'neutral' | 'bad' | 'warn'> = {
  new: 'info',
  offered: 'brand',
  accepted: 'good',
  converted: 'good',
  declined: 'bad',
  expired: 'neutral',
};

interface QuoteWithProducts {
  quote: QuoteDetail;
  products: OfferProduct[];
}

/** One quote request: what was asked, its status and note, the offer, and turning it into a booking. */
export function QuotePanel({ id, onChanged }: { id: string; onChanged(): void }) {
  const loaded = useRecord<QuoteWithProducts, QuoteWithProducts>(adminApi.quotes.one(id), (d) => d);
  const data = loaded.record;
  const quote = data?.quote;
  // Every change answers with the quote as it now is: show that, and refresh the list's row.
  const changed = (next: QuoteDetail) => {
    if (data) loaded.setRecord({ ...data, quote: next });
    onChanged();
  };
  return (
    <Card title={quote ? `Quote ${quote.number}` : 'Quote'} actions={quote && <Badge tone={quoteTones[quote.status]}>{quoteStatusLabels[quote.status]}</Badge>}>
      <LoadState loading={loaded.loading} error={loaded.error}>
        {quote && data && (
          <div className="space-y-5">
            <RequestSummary quote={quote} />
            <StatusActions quote={quote} onChanged={changed} />
            {quote.booking && (
              <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
                Booked as{' '}
                <a className="font-bold underline" href={adminPaths.booking(quote.booking.id)}>
                  {quote.booking.number}
                </a>
                .
              </p>
            )}
            {quote.status !== 'converted' && <OfferForm quote={quote} products={data.products} onSent={changed} />}
            {(quote.status === 'offered' || quote.status === 'accepted') && quote.offer && <ConvertForm quote={quote} onDone={changed} />}
          </div>
        )}
      </LoadState>
    </Card>
  );
}

function RequestSummary({ quote }: { quote: QuoteDetail }) {
  return (
    <Facts
      items={[
        [
          'Customer',
          <>
            {quote.name} · <a className="underline" href={`mailto:${quote.email}`}>{quote.email}</a>
            {quote.phone && ` · ${quote.phone}`}
          </>,
        ],
        ['Event', `${quote.eventTypeLabel} on ${formatMediumDate(quote.eventDate)}`],
        ['Guests', quote.guestCount ?? '—'],
        ['Language', quote.language === 'es' ? 'Spanish (reply in Spanish)' : 'English'],
        [
          'ZIP code',
          <>
            {quote.zip}
            {quote.outsideServiceArea && (
              <>
                {' '}
                <Badge tone="warn">Outside service area</Badge>
                <span className="mt-1 block font-semibold text-amber-900">{outsideServiceAreaStaffNote(quote.zip)}</span>
              </>
            )}
          </>,
        ],
        ['Budget', quote.budgetCents === null ? '—' : formatMoney(quote.budgetCents)],
        ['Rentals asked for', quote.items.length ? quote.items.map((i) => `${i.name} × ${i.quantity}`).join(', ') : 'None listed'],
        // The customer's answers about the yard (the checkout's questions): the offer is priced with them.
        (quote.site.rows.length > 0 || quote.site.flags.length > 0) && [
          'Setup spot',
          <span data-testid="quote-setup-spot">
            {quote.site.rows.map(([k, v]) => `${k}: ${v}`).join('\n')}
            <CallAbout flags={quote.site.flags} />
          </span>,
        ],
        ['Details', quote.details || '—'],
        quote.offer && ['Offer sent', `${formatMoney(quote.offer.price.totalCents)} on ${staffClock().timestamp(quote.offer.offeredAt)}`],
        // Booked anyway over the setup spot check: the booking made from the offer keeps it, and says so to the crew.
        quote.offer?.siteOverride && ['Setup spot check', overrideCovering(quote.offer.siteOverride, quote.offer.siteOverride.refusals)],
      ]}
    />
  );
}

const statusButtons = { accepted: 'Mark accepted', declined: 'Decline', expired: 'Mark expired' } as const;

function StatusActions({ quote, onChanged }: { quote: QuoteDetail; onChanged(quote: QuoteDetail): void }) {
  const manual = quote.nextStatuses.filter((s): s is keyof typeof statusButtons => s in statusButtons);
  const setStatus = async (status: keyof typeof statusButtons) => {
    const result = await adminMutate<QuoteDetail>(adminApi.quotes.one(quote.id), 'PATCH', { status }, `Quote ${quote.number} is now ${quoteStatusLabels[status].toLowerCase()}.`);
    if (result.ok) onChanged(result.data);
  };
  return (
    <div className="space-y-2">
      {manual.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {manual.map((s) => (
            <button key={s} type="button" className={secondaryButtonClass} onClick={() => void setStatus(s)}>
              {statusButtons[s]}
            </button>
          ))}
        </div>
      )}
      <NoteForm<QuoteDetail>
        name="staffNote"
        label="Staff note (not sent to the customer)"
        record={quote}
        schema={quoteUpdateInput}
        url={adminApi.quotes.one(quote.id)}
        success="Note saved."
        onSaved={onChanged}
        rows={2}
        maxLength={2000}
        submitLabel="Save note"
      />
    </div>
  );
}
