import { useEffect, useRef, useState } from 'react';
import { publicApi } from '../../lib/paths';
import { requestJson } from '../shared/api';
import { LoadingOrProblem } from '../shared/LoadingOrProblem';
import { interpolate, phoneHref, type Messages } from '../../lib/i18n';
import { errorClass, inputClass, labelClass, primaryButtonClass } from '../shared/form-classes';

/**
 * The review request's private feedback form (/feedback?booking=…&key=…), opened by an unhappy answer:
 * what went wrong goes to the business's inbox, not to a public review.
 */
type Words = Omit<Messages['feedbackPage'], 'title' | 'description' | 'heading' | 'lede' | 'noScript'>;

export default function Feedback({ phone, words: t }: { phone: string; words: Words }) {
  const [access, setAccess] = useState<{ booking: string; key: string } | null>(null);
  const [context, setContext] = useState<{ firstName: string; sent: boolean } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [submissionId] = useState(() => crypto.randomUUID());
  const messageBox = useRef<HTMLTextAreaElement>(null);

  // Sending disables the button, which drops the keyboard's place to the page: a message the server
  // refused takes focus back to the box, so its error is read out and the customer can type on.
  useEffect(() => {
    if (fieldError) messageBox.current?.focus();
  }, [fieldError]);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const found = { booking: params.get('booking') ?? '', key: params.get('key') ?? '' };
    setAccess(found);
    void requestJson<{ firstName: string; sent: boolean }>(publicApi.reviewContext, {
      method: 'POST',
      json: found,
    }).then((r) => (r.ok ? setContext(r.data) : setProblem(r.error.message)));
  }, []);

  const send = async () => {
    if (!access) return;
    setSending(true);
    setFieldError(null);
    const result = await requestJson<{ reference: string }>(publicApi.review, {
      method: 'POST',
      json: { ...access, submissionId, message },
    });
    setSending(false);
    if (result.ok) setSent(true);
    else if (result.error.fields?.['message']) setFieldError(result.error.fields['message']);
    else setProblem(result.error.message);
  };

  if (!context) return <LoadingOrProblem problem={problem} loading={t.loading} />;
  if (sent || context.sent) {
    return (
      <p
        role="status"
        className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-semibold text-emerald-900"
      >
        {t.thanks}
      </p>
    );
  }
  return (
    <form
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <p className="text-slate-900">
        {context.firstName ? interpolate(t.sorryNamed, { name: context.firstName }) : t.sorry}
        <a className="font-semibold underline" href={phoneHref(phone)}>
          {phone}
        </a>
        .
      </p>
      <div>
        <label htmlFor="feedback-message" className={labelClass}>
          {t.what}
        </label>
        <textarea
          id="feedback-message"
          ref={messageBox}
          className={inputClass}
          rows={6}
          value={message}
          maxLength={5000}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'feedback-message-error' : undefined}
          onChange={(e) => setMessage(e.target.value)}
        />
        {fieldError && (
          <p id="feedback-message-error" className={errorClass}>
            {fieldError}
          </p>
        )}
      </div>
      {problem && (
        <p role="alert" className={errorClass}>
          {problem}
        </p>
      )}
      <button type="submit" className={primaryButtonClass} disabled={sending}>
        {t.send}
      </button>
    </form>
  );
}
