import { textsSection } from '../../../lib/settings';
import type { z } from '../../../lib/validation';
import { TextField } from '../../shared/form-kit';
import { apiResolver } from '../shared/admin-form';
import { SectionCard } from './SettingsCards';
import { useSectionForm, type Settings } from './use-settings-form';

type Texts = z.input<typeof textsSection>;
const textsResolver = apiResolver(textsSection, (v: Texts) => v);

const formValues = (initial: Settings): Texts => ({ textQuietStart: initial.textQuietStart, textQuietEnd: initial.textQuietEnd });

/** Quiet hours for texts (shown only when the site can text): a text due between them waits until they end. */
export function TextsForm({ initial, timezone, onSaved }: { initial: Settings; timezone: string; onSaved?(values: Settings): void }) {
  const { field, card } = useSectionForm<Texts, z.output<typeof textsSection>>({ section: 'texts', resolver: textsResolver, toValues: formValues, initial, onSaved, success: 'Quiet hours saved.' });
  return (
    <SectionCard
      title="Text messages"
      description={`Texts go only to customers who agreed at checkout or on the phone, never to a number that answered STOP. A text due in the quiet hours waits until they end (${timezone} time). The same time twice: no quiet hours.`}
      {...card}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...field('textQuietStart')} label="Quiet from" type="time" />
        <TextField {...field('textQuietEnd')} label="Quiet until" type="time" />
      </div>
    </SectionCard>
  );
}
