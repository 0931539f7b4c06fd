import { embedSection } from '../../../lib/settings';
import type { z } from '../../../lib/validation';
import { TextArea, TextField } from '../../shared/form-kit';
import { errorAt } from '../../shared/form-fields';
import { apiResolver } from '../shared/admin-form';
import { SectionCard } from './SettingsCards';
import { useSectionForm, type Settings } from './use-settings-form';

/** The form as typed: the websites one a line. */
interface EmbedForm {
  embed: { websites: string; thankYouUrl: string };
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

const embedResolver = apiResolver(embedSection, ({ embed }: EmbedForm) => ({ embed: { origins: lines(embed.websites), thankYouUrl: embed.thankYouUrl.trim() } }));

const formValues = ({ embed }: Settings): EmbedForm => ({ embed: { websites: embed.origins.join('\n'), thankYouUrl: embed.thankYouUrl } });

/**
 * Add to your website (issue #39): the owner's other websites whose pages may show the booking widget
 * (every other site's page shows "This site is not set up to show bookings"), and the page a customer
 * who booked through it is offered to go back to.
 */
export function EmbedSettingsForm({ initial, onSaved }: { initial: Settings; onSaved?(values: Settings): void }) {
  const { form, field, card } = useSectionForm<EmbedForm, z.output<typeof embedSection>>({ section: 'embed', resolver: embedResolver, toValues: formValues, initial, onSaved, success: 'Websites saved.' });
  const { errors } = form.formState;
  // A problem with one address is reported at its line of the box.
  const typed = lines(form.watch('embed.websites'));
  const lineProblem = typed.map((_, i) => errorAt(errors, `embed.origins.${i}`) && `Line ${i + 1}: ${errorAt(errors, `embed.origins.${i}`)}`).find(Boolean);
  return (
    <SectionCard
      title="Your websites"
      description="The websites where you put the booking widget. Only their pages can show your rentals, prices and availability; customers check out here, on your booking site."
      {...card}
    >
      <TextArea
        {...field('embed.websites')}
        error={errorAt(errors, 'embed.origins') ?? lineProblem}
        label="Websites (one per line)"
        hint="Like https://www.example.com. The www and non-www addresses are different websites: list both if your site answers on both."
        rows={3}
        optional
      />
      <TextField
        {...field('embed.thankYouUrl')}
        label="Thank-you page"
        hint="A page of one of those websites. After booking through the widget, customers get a button back to it. Empty: none."
        inputMode="url"
        optional
      />
    </SectionCard>
  );
}
