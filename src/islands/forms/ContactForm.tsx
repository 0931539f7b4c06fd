import { useEffect, useState } from 'react';
import { contactMessage, type ContactKind, type ContactMessage, type ContactMessageInput, type ContactReceived } from '../../lib/inbox';
import { islandToast } from '../../lib/toast';
import { newSubmissionId, SuccessPanel, TextArea, TextField } from '../shared/form-kit';
import { BookingNumberField } from './BookingFields';
import { CustomerForm } from './CustomerForm';
import { useSentOnceForm } from './use-sent-once-form';
import { publicApi } from '../../lib/paths';
import { bookingNumberExample } from '../../lib/reference';

export interface ContactFormProps {
  /** 'contact' on /contact, 'support' on /support (asks for the booking number). */
  kind: ContactKind;
  /** settings.bookingPrefix: the booking number's hint shows the business's own letters. */
  bookingPrefix: string;
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
export default function ContactForm({ kind, bookingPrefix }: ContactFormProps) {
  const support = kind === 'support';
  const [sent, setSent] = useState<{ email: string } | null>(null);
  const { formId, form, field, send, invalid, submission, restart } = useSentOnceForm(contactMessage, () => blank(kind), FIELDS, 'We couldn’t send your message');
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
    islandToast.success(support ? 'Support request sent' : 'Message sent', 'We reply within one business day.');
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
            title={support ? 'Thanks, we have your support request' : 'Thanks, your message is on its way'}
            again={{ label: 'Send another message', onClick: again }}
          >
            <p>We sent a copy to {sent.email} and reply within one business day.</p>
            <p>On party day, calling is the fastest way to reach our crew.</p>
          </SuccessPanel>
        ) : null
      }
      formId={formId}
      onSubmit={handleSubmit(onValid, invalid)}
      className="space-y-5"
      heading={support ? 'Ask for help with a booking' : 'Send us a message'}
      submission={submission}
      honeypot={register('website')}
      submitLabel={support ? 'Send support request' : 'Send message'}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...field('name')} label="Your name" autoComplete="name" />
        <TextField {...field('email')} label="E-mail" type="email" autoComplete="email" />
        <TextField {...field('phone')} label="Phone" type="tel" autoComplete="tel" optional hint="If you would like a call back." />
        {support ? (
          <BookingNumberField
            field={field('bookingNumber')}
            optional
            hint={`It looks like ${bookingNumberExample(bookingPrefix)} and is in your confirmation e-mail.`}
          />
        ) : (
          <TextField {...field('subject')} label="Subject" optional maxLength={150} />
        )}
      </div>
      <TextArea
        {...field('message')}
        label={support ? 'How can we help?' : 'Your message'}
        hint={support ? 'Tell us what happened and what you need; for a unit losing air or a late crew, please call us.' : 'Your date, city and the rentals you are thinking about help us answer in one go.'}
        rows={6}
        maxLength={5000}
      />
    </CustomerForm>
  );
}
