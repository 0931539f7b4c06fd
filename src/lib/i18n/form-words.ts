import type { Locale } from './locales';
import { messagesFor, type Messages } from './messages';
import { serverErrorCatalog, type ErrorCatalog } from './translate-error';

/** The public forms that take their page's words (src/islands/forms/form-words.tsx). */
export type FormPart = 'quoteForm' | 'cakeForm' | 'contactForm' | 'suggestForm';

/**
 * What an Astro page hands one of the public forms (quote request, cake order, contact, rental
 * suggestion): the words every form shares, the form's own, and in Spanish the catalog of the
 * server's messages (the browser's check of the shared schema says the same ones). Only the page's
 * language travels in the page: the island's script carries no words of either.
 */
export interface FormWords<P extends FormPart = FormPart> {
  locale: Locale;
  forms: Messages['forms'];
  t: Messages[P];
  errors: ErrorCatalog | null;
  /**
   * The quote request's questions about the setup spot (checkout's, src/islands/shared/SiteQuestions) in
   * a language other than English; absent in English, where they speak it already.
   */
  siteQuestions?: Messages['siteQuestions'];
}

export async function formWords<P extends FormPart>(locale: Locale, part: P): Promise<FormWords<P>> {
  const messages = await messagesFor(locale);
  const siteQuestions = part === 'quoteForm' && locale !== 'en' ? { siteQuestions: messages.siteQuestions } : {};
  return { locale, forms: messages.forms, t: messages[part], errors: await serverErrorCatalog(locale), ...siteQuestions };
}
