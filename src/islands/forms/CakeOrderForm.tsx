import { CustomerForm } from './CustomerForm';
import CakeChoices from './CakeChoices';
import { CakeContact, CakeFulfilment, CakeOrderSent, CakePrice } from './CakeOrderSections';
import { useCakeOrder } from './use-cake-order';
import type { CakeBase } from '../../lib/catalog';
import type { FormWords } from '../../lib/i18n';
import { useFormWords, withFormWords } from './form-words';

export interface CakeOrderFormProps {
  productSlug: string;
  /** What the base price covers: cakeBase(product), the product's cake sizes. */
  base: CakeBase;
  productName: string;
  basePriceCents: number;
  /** settings.cakeLeadTimeDays; the server checks it again in the business's time zone. */
  leadTimeDays?: number;
  /** The business's: the lead time counts from its today, not the visitor's. */
  timeZone: string;
  /** Heading level of the form title, to fit the page's outline (default 2). */
  headingLevel?: 2 | 3;
  /** Where pickups happen, from the business's address: "our office at 12 Oak St, Springfield". */
  pickupPlace: string;
  /** settings.bookingPrefix, for the rental's booking-number hint. */
  bookingPrefix: string;
  /** The page's words (formWords(locale, 'cakeForm')). */
  words: FormWords<'cakeForm'>;
}

/** The order form on a cake's product page: size, flavours, message, pickup or delivery with a rental. */
export default withFormWords<CakeOrderFormProps>(CakeOrder);

function CakeOrder({
  productSlug,
  base,
  productName,
  basePriceCents,
  leadTimeDays = 3,
  timeZone,
  headingLevel = 2,
  pickupPlace,
  bookingPrefix,
}: Omit<CakeOrderFormProps, 'words'>) {
  const { t, say } = useFormWords<'cakeForm'>();
  const state = useCakeOrder({ productSlug, base, basePriceCents, leadTimeDays, timeZone });
  const { formId, form, sent } = state;

  return (
    <CustomerForm
      testId="cake-order-form"
      sentPanel={sent ? <CakeOrderSent sent={sent} pickupPlace={pickupPlace} onAgain={state.again} /> : null}
      formId={formId}
      onSubmit={(e) => void state.submit(e)}
      className="space-y-6"
      heading={t.heading}
      headingLevel={headingLevel}
      lede={say(leadTimeDays === 1 ? t.ledeOne : t.ledeMany, { n: leadTimeDays })}
      submission={state}
      honeypot={form.register('website')}
      submitLabel={t.submit}
    >
      <CakeChoices state={state} productName={productName} />
      <CakeFulfilment state={state} pickupPlace={pickupPlace} bookingPrefix={bookingPrefix} />
      <CakeContact state={state} />
      <CakePrice state={state} headingLevel={headingLevel} />
    </CustomerForm>
  );
}
