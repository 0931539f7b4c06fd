import type { RefObject } from 'react';
import type { AreaBuilderPreview, PreviewTown } from '../../../lib/settings';
import { formatMoney } from '../../../lib/money';
import { FieldError, checkboxClass } from '../../shared/form-kit';
import { Badge, buttonClass, secondaryButtonClass } from '../shared/ui';

interface TownsProps {
  preview: AreaBuilderPreview;
  ticked: Set<string>;
  errors: Record<string, string>;
  busy: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onToggle(slug: string): void;
  onUntickAll(): void;
  onApply(): void;
}

/** The area builder's preview: the towns found, each ticked to apply or not, with Apply above the list. */
export function AreaBuilderTowns({
  preview,
  ticked,
  errors,
  busy,
  headingRef,
  onToggle,
  onUntickAll,
  onApply,
}: TownsProps) {
  const chosen = preview.towns.filter((t) => ticked.has(t.slug));
  return (
    <section aria-labelledby="area-builder-towns" className="mt-6">
      <h3
        id="area-builder-towns"
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-4 text-base font-bold text-slate-900"
      >
        {preview.towns.length} {preview.towns.length === 1 ? 'town' : 'towns'} from warehouse ZIP {preview.warehouseZip}
      </h3>
      {preview.unknownZips.length > 0 && (
        <p className="mt-1 text-sm text-amber-900">Not in the ZIP data, left out: {preview.unknownZips.join(', ')}</p>
      )}
      {/* The next action first, so it is in view on a phone before the long list. */}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className={buttonClass} disabled={busy || chosen.length === 0} onClick={onApply}>
          Apply {chosen.length} {chosen.length === 1 ? 'town' : 'towns'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onUntickAll}>
          Untick all
        </button>
      </div>
      <FieldError id="area-builder-towns-error" message={errors['towns']} />
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {preview.towns.map((town) => (
          <TownRow
            key={town.slug}
            town={town}
            currency={preview.currency}
            checked={ticked.has(town.slug)}
            onToggle={() => onToggle(town.slug)}
            error={errors[`towns.${town.slug}`]}
          />
        ))}
      </ul>
    </section>
  );
}

function TownRow({
  town,
  currency,
  checked,
  onToggle,
  error,
}: {
  town: PreviewTown;
  currency: string;
  checked: boolean;
  onToggle(): void;
  error: string | undefined;
}) {
  const id = `area-builder-town-${town.slug}`;
  return (
    <li className="px-3 py-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className={`${checkboxClass} mt-1`}
          checked={checked}
          onChange={onToggle}
          aria-describedby={`${id}-facts`}
        />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="font-semibold text-slate-900">
            {town.city}, {town.state}
          </label>{' '}
          {town.existing && <Badge tone="info">Updates its area</Badge>}
          {town.takenZips.length > 0 && <Badge tone="warn">ZIPs served elsewhere</Badge>}
          <p id={`${id}-facts`} className="text-sm text-slate-700">
            {town.miles} mi · about {town.driveMinutes} min · {town.county ? `${town.county} County · ` : ''}
            {town.deliveryFeeCents === 0 ? 'free delivery' : `${formatMoney(town.deliveryFeeCents, currency)} delivery`}
          </p>
          <p className="break-words text-xs text-slate-600">ZIP {town.zipCodes.join(', ')}</p>
          {town.takenZips.length > 0 && (
            <p className="text-xs text-amber-900">
              Already served by another area: {town.takenZips.map((t) => `${t.zip} (${t.city})`).join(', ')}
            </p>
          )}
          <FieldError id={id} message={error} />
        </div>
      </div>
    </li>
  );
}
