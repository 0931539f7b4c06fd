import { SITE_FIELDS, type SiteQuestion } from '../../lib/site-check';
import { fieldId } from './form-ids';

/** The control of each setup-spot question: where its error shows and the form moves the focus (SiteQuestions is loaded later). */
export const siteQuestionId = (formId: string, question: SiteQuestion) => fieldId(formId, SITE_FIELDS[question]);
