import { SITE_FIELDS, SITE_QUESTIONS, type SiteQuestion } from '../../lib/site-check';
import type { SiteAnswerValues } from './SiteQuestions';

/**
 * The setup spot's answers as a form keeps them, for the forms that hold them themselves (the desk, a
 * quote's offer, the quote request); checkout keeps them in the cart (setSiteAnswer).
 */

/** The answers with one question's answer set, or left out when it has none (a field emptied, "Not sure" unticked). */
export function withSiteAnswer<A extends SiteAnswerValues>(answers: A, key: keyof SiteAnswerValues, answer: string | number | undefined): A {
  const { [key]: _old, ...rest } = answers;
  return (answer === undefined ? rest : { ...rest, [key]: answer }) as A;
}

/** Each question's error, read where the form keeps it: at the API's field of the question (SITE_FIELDS). */
export function siteAnswerErrors(errorAt: (field: string, question: SiteQuestion) => string | undefined): Partial<Record<SiteQuestion, string>> {
  const errors: Partial<Record<SiteQuestion, string>> = {};
  for (const q of SITE_QUESTIONS) {
    const message = errorAt(SITE_FIELDS[q], q);
    if (message) errors[q] = message;
  }
  return errors;
}
