import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { interpolate, translateError, type FormPart, type FormWords } from '../../lib/i18n';
import type { BoundField } from '../shared/form-fields';

/**
 * The public forms' words in their page's language (src/lib/i18n/form-words.ts): each form's island
 * puts its page's words around its content, and the parts inside read them here.
 */
export interface FormText<P extends FormPart = FormPart> extends FormWords<P> {
  /** A message of the shared schema (the browser's own check) or of the server, in the page's language. */
  err: (message: string | undefined) => string | undefined;
  /** One of the form's own words with its `{placeholders}` filled. */
  say: (template: string, values?: Readonly<Record<string, string | number>>) => string;
  /** A kit field bound to the form, its error in the page's language and "(optional)" in it too. */
  local: (field: BoundField) => BoundField & { optionalText: string };
}

const FormWordsContext = createContext<FormText | null>(null);

export function FormWordsProvider({ words, children }: { words: FormWords; children: ReactNode }) {
  const value = useMemo<FormText>(() => {
    const err = (message: string | undefined) => (message === undefined ? undefined : translateError(message, words.errors));
    return { ...words, err, say: interpolate, local: (field) => ({ ...field, error: err(field.error), optionalText: words.forms.optional }) };
  }, [words]);
  return <FormWordsContext.Provider value={value}>{children}</FormWordsContext.Provider>;
}

/** Inside a form's FormWordsProvider: its words. */
export const useFormWords = <P extends FormPart>() => useContext(FormWordsContext) as FormText<P>;

/** For the parts shared with forms that give no words (the waiver's): null there, and the parts keep their English. */
export const useOptionalFormWords = () => useContext(FormWordsContext);

/** A public form's island: `Form` inside the words its page hands over (the island's `words` prop). */
export function withFormWords<Props extends { words: FormWords }>(Form: (props: Omit<Props, 'words'>) => ReactNode) {
  return function FormWithWords({ words, ...props }: Props) {
    return (
      <FormWordsProvider words={words}>
        <Form {...props} />
      </FormWordsProvider>
    );
  };
}
