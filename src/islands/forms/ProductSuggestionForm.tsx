import { useEffect, useState } from 'react';
import { productSuggestion, type ProductSuggestion, type ProductSuggestionInput, type SuggestionReceived } from '../../lib/product-suggestions';
import { islandToast } from '../../lib/toast';
import { newSubmissionId, SuccessPanel, TextArea, TextField } from '../shared/form-kit';
import { CustomerForm } from './CustomerForm';
import { useSentOnceForm } from './use-sent-once-form';
import { publicApi } from '../../lib/paths';
import type { FormWords } from '../../lib/i18n';
import { useFormWords, withFormWords } from './form-words';

const FIELDS = ['what', 'why', 'link', 'name', 'email'] as const;

const blank = (): ProductSuggestionInput => ({ submissionId: '', website: '', what: '', why: '', link: '', name: '', email: '' });

export interface ProductSuggestionFormProps {
  /** Heading level of the form title, to fit the page's outline (default 2). */
  headingLevel?: 2 | 3;
  /** The page's words (formWords(locale, 'suggestForm')). */
  words: FormWords<'suggestForm'>;
}

/** "Suggest a rental": what, why and a link. Lands in the admin's product-suggestions list. */
export default withFormWords<ProductSuggestionFormProps>(ProductSuggestion);

function ProductSuggestion({ headingLevel = 2 }: Omit<ProductSuggestionFormProps, 'words'>) {
  const { t, forms, local } = useFormWords<'suggestForm'>();
  const [sent, setSent] = useState(false);
  const { formId, form, field: bound, send, invalid, submission, restart } = useSentOnceForm(productSuggestion, blank, FIELDS, t.problemTitle);
  const field = (name: Parameters<typeof bound>[0]) => local(bound(name));
  const { register, handleSubmit, setValue } = form;

  useEffect(() => setValue('submissionId', newSubmissionId()), [setValue]);

  const onValid = async (data: ProductSuggestion) => {
    const received = await send<SuggestionReceived>(publicApi.productSuggestions, { json: data });
    if (!received) return;
    islandToast.success(t.sentToast, t.thankYou);
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
            title={t.sentTitle}
            again={{ label: t.again, onClick: again }}
          >
            <p>{t.sentText}</p>
          </SuccessPanel>
        ) : null
      }
      formId={formId}
      onSubmit={handleSubmit(onValid, invalid)}
      className="space-y-5"
      heading={t.heading}
      headingLevel={headingLevel}
      lede={t.lede}
      submission={submission}
      honeypot={register('website')}
      submitLabel={t.submit}
    >
      <TextField {...field('what')} label={t.what} hint={t.whatHint} maxLength={200} />
      <TextArea {...field('why')} label={t.why} optional rows={3} maxLength={2000} />
      <TextField {...field('link')} label={t.link} optional type="url" inputMode="url" hint={t.linkHint} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field('name')} label={forms.yourName} optional autoComplete="name" />
        <TextField {...field('email')} label={forms.email} optional type="email" autoComplete="email" hint={t.emailHint} />
      </div>
    </CustomerForm>
  );
}
