import { useId, useState } from 'react';
import type { CakeOrderItem } from '../../../lib/cakes/index.server';
import { type CakeStatus, cakeStatusLabels, cakeUpdateInput, nextCakeStatus } from '../../../lib/cakes';
import { formatMediumDate } from '../../../lib/time';
import { formatMoney } from '../../../lib/money';
import { adminApi } from '../../../lib/paths';
import { adminMutate } from '../shared/admin-api';
import { AmountTable, Facts, NoteForm } from '../shared/record-parts';
import { useRecord } from '../shared/record-editor';
import { useStaff } from '../shared/staff';
import { Badge, buttonClass, Card, dangerButtonClass, LoadState, secondaryButtonClass } from '../shared/ui';

export const cakeTones: Record<CakeStatus, 'info' | 'brand' | 'warn' | 'good' | 'neutral' | 'bad'> = {
  new: 'info',
  confirmed: 'brand',
  baking: 'warn',
  ready: 'good',
  delivered: 'neutral',
  cancelled: 'bad',
};

/** One cake order: move it along the pipeline, what to bake, its price, photo and staff notes. */
export function CakePanel({ id, onChanged }: { id: string; onChanged(): void }) {
  const order = useRecord<CakeOrderItem, CakeOrderItem>(adminApi.cakeOrders.one(id), (d) => d);
  const o = order.record;
  const changed = (next: CakeOrderItem) => {
    order.setRecord(next);
    onChanged();
  };
  return (
    <Card title={o ? `Cake order ${o.number}` : 'Cake order'} actions={o && <Badge tone={cakeTones[o.status]}>{cakeStatusLabels[o.status]}</Badge>}>
      <LoadState loading={order.loading} error={order.error}>
        {o && (
          <div className="space-y-4">
            <StageButtons order={o} onChanged={changed} />
            <Facts
              items={[
                ['Cake', `${o.product}: ${o.servings} servings, ${o.tiers} tier${o.tiers === 1 ? '' : 's'}`],
                ['Flavour', `${o.flavour}${o.filling ? `, ${o.filling} filling` : ''}, ${o.frosting}`],
                ['Message', o.messageOnCake ?? '—'],
                ['Allergies', o.allergies || 'None given'],
                ['Language', o.language === 'es' ? 'Spanish (confirm in Spanish)' : 'English'],
                ['Needed', `${formatMediumDate(o.neededOn)}, ${o.fulfilment === 'pickup' ? 'pickup' : `delivered with booking ${o.bookingNumber}`}`],
                [
                  'Customer',
                  <>
                    {o.name} · <a className="underline" href={`mailto:${o.email}`}>{o.email}</a> · {o.phone}
                  </>,
                ],
              ]}
            />
            <AmountTable
              label="Price lines"
              rows={[...o.priceLines.map((l) => ({ label: l.label, amount: formatMoney(l.amountCents) })), { label: 'Total', amount: formatMoney(o.priceCents), total: true }]}
            />
            {o.photoUrl ? (
              <figure>
                <img src={o.photoUrl} alt={`Reference photo sent with order ${o.number}`} className="max-h-64 rounded-lg border border-slate-200" />
                <figcaption className="mt-1 text-xs text-slate-700">
                  <a className="underline" href={o.photoUrl} target="_blank" rel="noopener">
                    Open the photo full size
                  </a>
                </figcaption>
              </figure>
            ) : (
              <p className="text-sm text-slate-700">No reference photo.</p>
            )}
            <NoteForm<CakeOrderItem>
              name="staffNotes"
              label="Staff notes"
              record={o}
              schema={cakeUpdateInput}
              url={adminApi.cakeOrders.one(id)}
              success="Notes saved."
              onSaved={order.setRecord}
              maxLength={4000}
              submitLabel="Save notes"
            />
          </div>
        )}
      </LoadState>
    </Card>
  );
}

function StageButtons({ order: o, onChanged }: { order: CakeOrderItem; onChanged(order: CakeOrderItem): void }) {
  const { can } = useStaff();
  const [notify, setNotify] = useState(true);
  const notifyId = useId();
  const move = async (status: CakeStatus) => {
    const message = `${o.number} is now ${cakeStatusLabels[status].toLowerCase()}.`;
    // Ready or delivered: the customer is e-mailed when the box is ticked.
    const tell = notify && (status === 'ready' || status === 'delivered');
    const result = await adminMutate<CakeOrderItem>(adminApi.cakeOrders.one(o.id), 'PATCH', tell ? { status, notifyCustomer: true } : { status }, tell ? `${message} The customer was e-mailed.` : message);
    if (result.ok) onChanged(result.data);
  };
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {o.nextStatuses.map((s) => {
          const forward = s === nextCakeStatus(o.status);
          if (s === 'cancelled' && !can('manager')) return null;
          const label = s === 'cancelled' ? 'Cancel order' : forward ? `Move to ${cakeStatusLabels[s]}` : `Back to ${cakeStatusLabels[s]}`;
          return (
            <button key={s} type="button" className={s === 'cancelled' ? dangerButtonClass : forward ? buttonClass : secondaryButtonClass} onClick={() => void move(s)}>
              {label}
            </button>
          );
        })}
      </div>
      {o.nextStatuses.some((s) => s === 'ready' || s === 'delivered') && (
        <p className="flex min-h-6 items-center gap-2 text-sm">
          <input id={notifyId} type="checkbox" className="size-6" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
          <label htmlFor={notifyId}>E-mail the customer when the cake is ready or delivered</label>
        </p>
      )}
    </>
  );
}
