import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormAlert, Honeypot, primaryButtonClass } from '../shared/form-kit';
import IslandToaster from '../shared/IslandToaster';
import HumanCheckStatus from '../shared/human-check/HumanCheckStatus';
import type { FormSubmission } from './use-form-submission';
import { useOptionalFormWords } from './form-words';

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
  return (
    <div data-testid={testId}>
      <IslandToaster />
      {sentPanel ?? (
        <form
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
