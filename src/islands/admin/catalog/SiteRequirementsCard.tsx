import { SelectField, TextField } from '../../shared/form-kit';
import { Card } from '../shared/ui';
import { fieldsOf, type SectionProps } from './ProductSections';
import type { ProductFormState } from './product-form';

type RequirementName = 'stakesNeeded' | 'sandbagsNeeded' | 'clearanceFt' | 'outletRunFt' | 'circuitAmps' | 'accessWidthIn' | 'maxStairFlights';

/** Each number the yard check holds against the customer's answers: its label, and what it means. */
const requirements: { name: RequirementName; label: string; hint: string; decimal?: boolean }[] = [
  { name: 'stakesNeeded', label: 'Stakes (on grass or turf)', hint: 'How many hold it down in the ground.' },
  { name: 'sandbagsNeeded', label: 'Sandbags (on hard ground)', hint: 'How many on concrete, asphalt or indoors. Where it may stand at all is its surfaces.' },
  { name: 'clearanceFt', label: 'Overhead clearance (ft)', hint: 'The ceiling indoors; branches and wires outside.', decimal: true },
  { name: 'outletRunFt', label: 'Longest outlet run (ft)', hint: 'How far an outlet may be from the spot: its cords’ reach.' },
  { name: 'circuitAmps', label: 'Circuit (amps)', hint: 'The circuit each outlet must be on, e.g. 20.' },
  { name: 'accessWidthIn', label: 'Narrowest access (inches)', hint: 'Its width rolled up on its dolly: the narrowest gate or door it fits through.' },
  { name: 'maxStairFlights', label: 'Most flights of stairs', hint: '0: ground level only.' },
];

/**
 * What the product needs of the customer's setup spot, beside the surfaces, space, outlets and water
 * of the size card. Each empty field is no rule: checkout asks nothing about it for this product.
 */
export function SiteRequirementsCard(props: SectionProps) {
  const field = fieldsOf(props);
  return (
    <Card title="Site requirements">
      <p className="mb-3 text-sm text-slate-700">Checked at checkout against the customer’s answers about their yard. Leave a field empty for no rule.</p>
      <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-3">
        {requirements.map((r) => (
          <TextField key={r.name} {...field(r.name)} inputMode={r.decimal ? 'decimal' : 'numeric'} label={r.label} hint={r.hint} optional />
        ))}
        <SelectField {...field('overnightAllowed' satisfies keyof ProductFormState)} label="May stay set up overnight" optional>
          <option value="">No rule</option>
          <option value="yes">Yes</option>
          <option value="no">No: picked up the same day</option>
        </SelectField>
      </div>
    </Card>
  );
}
