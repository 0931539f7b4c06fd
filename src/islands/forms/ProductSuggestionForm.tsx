import { useEffect, useState } from 'react';
import { productSuggestion, type ProductSuggestion, type ProductSuggestionInput, type SuggestionReceived } from '../../lib/product-suggestions';
import { islandToast } from '../../lib/toast';
import { newSubmissionId, SuccessPanel, TextArea, TextField } from '../shared/form-kit';
import { CustomerForm } from './CustomerForm';
import { useSentOnceForm } from './use-sent-once-form';
import { publicApi } from '../../lib/paths';

const FIELDS = ['what', 'why', 'link', 'name', 'email'] as const;

const blank = (): ProductSuggestionInput => ({ submissionId: '', website: '', what: '', why: '', link: '', name: '', email: '' });

export interface ProductSuggestionFormProps {
  /** Heading level of the form title, to fit the page's outline (default 2). */
  headingLevel?: 2 | 3;
}

/** "Suggest a rental": what, why and a link. Lands in the admin's product-suggestions list. */
export default function ProductSuggestionForm({ headingLevel = 2 }: ProductSuggestionFormProps) {
  const [sent, setSent] = useState(false);
  const { formId, form, field, send, invalid, submission, restart } = useSentOnceForm(productSuggestion, blank, FIELDS, 'We couldn’t send your suggestion');
  const { register, handleSubmit, setValue } = form;

  useEffect(() => setValue('submissionId', newSubmissionId()), [setValue]);

  const onValid = async (data: ProductSuggestion) => {
    const received = await send<SuggestionReceived>(publicApi.productSuggestions, { json: data });
    if (!received) return;
    islandToast.success('Suggestion sent', 'Thank you! We read every one.');
    setSent(true);
  };

  const again = () => {
    restart();
    setSent(false);
  };

  return (
    <CustomerForm
      testId="product-suggestion-form"
      sentPanel={
        sent ? (
          <SuccessPanel
            title="Thanks for the idea!"
            again={{ label: 'Suggest another rental', onClick: again }}
          >
            <p>We read every suggestion when we plan what to add next.</p>
          </SuccessPanel>
        ) : null
      }
      formId={formId}
      onSubmit={handleSubmit(onValid, invalid)}
      className="space-y-5"
      heading="Suggest a rental"
      headingLevel={headingLevel}
      lede="Is there a bounce house, game or party item you wish we had? Tell us about it."
      submission={submission}
      honeypot={register('website')}
      submitLabel="Send suggestion"
    >
      <TextField {...field('what')} label="What should we rent out?" hint="For example: a foam machine, a dunk tank, a toddler ball pit." maxLength={200} />
      <TextArea {...field('why')} label="Why would it make your party better?" optional rows={3} maxLength={2000} />
      <TextField {...field('link')} label="Link to a picture or product" optional type="url" inputMode="url" hint="A web address starting with https://" />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field('name')} label="Your name" optional autoComplete="name" />
        <TextField {...field('email')} label="E-mail" optional type="email" autoComplete="email" hint="Only if you would like to hear back." />
      </div>
    </CustomerForm>
  );
}
