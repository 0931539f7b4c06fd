import { useEffect, useState } from 'react';
import { contactMessage, type ContactKind, type ContactMessage, type ContactMessageInput, type ContactReceived } from '../../lib/inbox';
import { islandToast } from '../../lib/toast';
import { newSubmissionId, SuccessPanel, TextArea, TextField } from '../shared/form-kit';
import { BookingNumberField } from './BookingFields';
import { CustomerForm } from './CustomerForm';
import { useSentOnceForm } from './use-sent-once-form';
import { publicApi } from '../../lib/paths';
import { bookingNumberExample } from '../../lib/reference';
import type { FormWords } from '../../lib/i18n';
import { useFormWords, withFormWords } from './form-words';

export interface ContactFormProps {
  /** 'contact' on /contact, 'support' on /support (asks for the booking number). */
  kind: ContactKind;
  /** settings.bookingPrefix: the booking number's hint shows the business's own letters. */
  bookingPrefix: string;
  /** The page's words (formWords(locale, 'contactForm')). */
  words: FormWords<'contactForm'>;
}

const FIELDS = ['name', 'email', 'phone', 'subject', 'message', 'bookingNumber'] as const;

const blank = (kind: ContactKind): ContactMessageInput => ({
  submissionId: '',
  website: '',
  kind,
  name: '',
  email: '',
  phone: '',
  subject: '',
  message: '',
  bookingNumber: '',
});

/** The message form on /contact and /support. Stored, acknowledged by e-mail, answered by staff. */
export default withFormWords<ContactFormProps>(Contact);

function Contact({ kind, bookingPrefix }: Omit<ContactFormProps, 'words'>) {
  const support = kind === 'support';
  const { t, forms, say, local } = useFormWords<'contactForm'>();
  const [sent, setSent] = useState<{ email: string } | null>(null);
  const { formId, form, field: bound, send, invalid, submission, restart } = useSentOnceForm(contactMessage, () => blank(kind), FIELDS, t.problemTitle);
  const field = (name: Parameters<typeof bound>[0]) => local(bound(name));
  const { register, handleSubmit, setValue } = form;

  // Generated in the browser only (the page is static): one id per filled-in form. A link from the
  // tracking page (?booking=&subject=) arrives with the booking and the request already named.
  useEffect(() => {
    setValue('submissionId', newSubmissionId());
    const params = new URLSearchParams(location.search);
    const booking = params.get('booking');
    const subject = params.get('subject');
    if (support && booking) setValue('bookingNumber', booking.slice(0, 20));
    if (subject) setValue('subject', subject.slice(0, 150));
  }, [setValue, support]);

  const onValid = async (data: ContactMessage) => {
    const received = await send<ContactReceived>(publicApi.contact, { json: data });
    if (!received) return;
    islandToast.success(support ? t.sentSupport : t.sent, t.replyWithin);
    setSent({ email: data.email });
  };

  const again = () => {
    restart();
    setSent(null);
  };


  return (
    <CustomerForm
      testId={`${kind}-form`}
      sentPanel={
        sent ? (
          <SuccessPanel
            title={support ? t.thanksSupport : t.thanks}
            again={{ label: t.again, onClick: again }}
          >
            <p>{say(t.copySent, { email: sent.email })}</p>
            <p>{t.partyDay}</p>
          </SuccessPanel>
        ) : null
      }
      formId={formId}
      onSubmit={handleSubmit(onValid, invalid)}
      className="space-y-5"
      heading={support ? t.headingSupport : t.heading}
      submission={submission}
      honeypot={register('website')}
      submitLabel={support ? t.submitSupport : t.submit}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field('name')} label={forms.yourName} autoComplete="name" />
        <TextField {...field('email')} label={forms.email} type="email" autoComplete="email" />
        <TextField {...field('phone')} label={forms.phone} type="tel" autoComplete="tel" optional hint={t.phoneHint} />
        {support ? (
          <BookingNumberField
            field={field('bookingNumber')}
            label={forms.bookingNumber}
            optional
            hint={say(t.bookingHint, { example: bookingNumberExample(bookingPrefix) })}
          />
        ) : (
          <TextField {...field('subject')} label={t.subject} optional maxLength={150} />
        )}
      </div>
      <TextArea
        {...field('message')}
        label={support ? t.messageSupport : t.message}
        hint={support ? t.hintSupport : t.hint}
        rows={6}
        maxLength={5000}
      />
    </CustomerForm>
  );
}
