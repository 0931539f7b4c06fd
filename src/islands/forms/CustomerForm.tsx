import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormAlert, Honeypot, primaryButtonClass } from '../shared/form-kit';
import IslandToaster from '../shared/IslandToaster';
import HumanCheckStatus from '../shared/human-check/HumanCheckStatus';
import type { FormSubmission } from './use-form-submission';
import { useOptionalFormWords } from './form-words';
import { EARLY_SEND_ATTRIBUTE, takeOverSends } from './early-submit';

interface Props {
  testId: string;
  /** Shown instead of the form once it was sent. */
  sentPanel: ReactNode;
  formId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  className: string;
  /** The form's heading, which names the form (its id is `${formId}-title`). */
  heading: ReactNode;
  /** h3 where the form sits under a section's own h2. */
  headingLevel?: 2 | 3;
  /** For screen readers only, where the page around the form says what it is. */
  headingHidden?: boolean;
  /** A line under the heading. */
  lede?: ReactNode;
  /** Where sending stands (useFormSubmission's, or a form hook's that passes it on). */
  submission: Pick<FormSubmission, 'problem' | 'sending' | 'humanCheck'>;
  honeypot: UseFormRegisterReturn;
  submitLabel: string;
  children: ReactNode;
}

/**
 * The frame of a customer's form that is sent once (contact, support, rental suggestion, cake order,
 * quote request): its toaster; the success panel once sent; otherwise the form with its title, the
 * alert for what no field shows, the honeypot, its fields, the human check's status and the send button.
 */
export function CustomerForm({ testId, sentPanel, formId, onSubmit, className, heading, headingLevel = 2, headingHidden = false, lede, submission, honeypot, submitLabel, children }: Props) {
  const { problem, sending, humanCheck } = submission;
  // The public forms' page words; the waiver's form gives none and keeps these English ones.
  const words = useOptionalFormWords()?.forms;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const formRef = useRef<HTMLFormElement>(null);
  const showingForm = sentPanel == null;
  // The form answers sends from here on, and one the page held before is made now (early-submit.ts). In
  // a microtask: after every effect of this render, the form's own too (the submission id the send needs
  // is set by the form's effect, which runs after this one).
  useEffect(() => {
    const form = formRef.current;
    if (form) queueMicrotask(() => takeOverSends(form));
  }, [showingForm]);
  return (
    <div data-testid={testId}>
      <IslandToaster />
      {sentPanel ?? (
        <form
          ref={formRef}
          // Should the browser ever send the form itself (its script never ran), what was typed goes in
          // the request's body, never in the page's address (history, logs, the next site's Referer).
          method="post"
          {...{ [EARLY_SEND_ATTRIBUTE]: '' }}
          onSubmit={onSubmit}
          onFocus={humanCheck.start}
          noValidate
          aria-labelledby={`${formId}-title`}
          className={className}
        >
          {/* One child, as the title the forms passed in was: React's ids (useId) follow the children's places. */}
          <>
            <Heading id={`${formId}-title`} className={headingHidden ? 'sr-only' : 'text-2xl font-bold text-slate-900'}>
              {heading}
            </Heading>
            {lede && <p className="text-slate-700">{lede}</p>}
          </>
          {problem && <FormAlert title={problem.title} message={problem.message} />}
          <Honeypot {...honeypot} />
          {children}
          <button type="submit" className={primaryButtonClass} disabled={sending}>
            {sending ? (words?.sending ?? 'Sending…') : submitLabel}
          </button>
          {/* Under the button, so its changing words never move the button under a tap (see CheckoutForm). */}
          <HumanCheckStatus check={humanCheck} {...(words ? { words } : {})} />
        </form>
      )}
    </div>
  );
}
