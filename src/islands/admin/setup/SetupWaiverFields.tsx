import type { DamageWaiverChoice } from '../../../lib/setup';
import { RadioGroup, TextField } from '../../shared/form-kit';
import type { Draft } from './setup-draft';

interface Props {
  draft: Draft;
  errors: Record<string, string>;
  set(key: string, value: Draft[string]): void;
}

/**
 * The damage waiver, part of the policy step: none (the site then never mentions one), one customers
 * may decline, or one every booking pays, and its percent of the rentals.
 */
export function SetupWaiverFields({ draft, errors, set }: Props) {
  const choice = (draft.damageWaiver ?? 'none') as DamageWaiverChoice;
  const choose = (next: DamageWaiverChoice) => {
    set('damageWaiver', next);
    // "None" saves 0 %; a waiver offered again starts from an empty box rather than from 0.
    if (next === 'none') set('damageWaiverPercent', '0');
    else if (String(draft.damageWaiverPercent ?? '') === '0') set('damageWaiverPercent', '');
  };
  return (
    <div className="space-y-3">
      <RadioGroup
        legend="Damage waiver"
        value={choice}
        onValueChange={choose}
        error={errors.damageWaiver}
        options={[
          { value: 'none', label: 'No damage waiver', hint: 'Your pages, cart and checkout do not mention one.' },
          {
            value: 'optional',
            label: 'Offer one customers may decline',
            hint: 'Added to every cart; a customer who declines pays for accidental damage.',
          },
          { value: 'required', label: 'Every booking includes one' },
        ]}
      />
      {choice !== 'none' && (
        <TextField
          name="damageWaiverPercent"
          label="Damage waiver (percent of the rentals)"
          inputMode="decimal"
          className="max-w-xs"
          value={String(draft.damageWaiverPercent ?? '')}
          onChange={(e) => set('damageWaiverPercent', e.target.value)}
          error={errors.damageWaiverPercent}
        />
      )}
    </div>
  );
}
