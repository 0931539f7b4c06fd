import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  CAKE_SERVING_SIZES,
  type CakeOrderCreated,
  cakeOrderRequest,
  type CakeOrderRequest,
  type CakeOrderRequestInput,
  priceCake,
  referencePhotoProblem,
} from '../../lib/cakes';
import { type CakeBase } from '../../lib/catalog';
import { addDays, businessClock } from '../../lib/time';
import { islandToast } from '../../lib/toast';
import { newSubmissionId } from '../shared/form-kit';
import { fieldId } from '../shared/form-ids';
import { formFields } from '../shared/form-fields';
import { useLivePrices } from '../shared/use-live-prices';
import { useFormSubmission } from './use-form-submission';
import { publicApi } from '../../lib/paths';
import { useFormWords } from './form-words';
import { shrinkPhoto } from '../shared/shrink-photo';

const FIELDS = [
  'servings',
  'tiers',
  'flavour',
  'filling',
  'frosting',
  'messageOnCake',
  'allergies',
  'fulfilment',
  'neededOn',
  'bookingNumber',
  'bookingEmail',
  'name',
  'email',
  'phone',
  'referencePhoto',
];

/**
 * The cake order's state: the form on the shared cake order schema, the reference photo (outside
 * react-hook-form: a file), the live price from the same pricing the server uses, and sending it.
 */
export function useCakeOrder({
  productSlug,
  base,
  basePriceCents,
  leadTimeDays,
  timeZone,
}: {
  productSlug: string;
  /** What the base price covers: cakeBase(product), from the page. */
  base: CakeBase;
  basePriceCents: number;
  leadTimeDays: number;
  timeZone: string;
}) {
  const formId = useId();
  // The base size is always offered, even when it is not one of the standard sizes.
  const sizes = [base.servings, ...CAKE_SERVING_SIZES.filter((s) => s > base.servings)];
  const tierOptions = Array.from({ length: base.maxTiers - base.tiers + 1 }, (_, i) => base.tiers + i);
  const blank = (): CakeOrderRequestInput => ({
    submissionId: '',
    website: '',
    product: productSlug,
    servings: base.servings,
    tiers: base.tiers,
    flavour: 'vanilla',
    filling: 'buttercream',
    frosting: 'vanilla-buttercream',
    messageOnCake: '',
    allergies: '',
    fulfilment: 'pickup',
    neededOn: '',
    bookingNumber: '',
    bookingEmail: '',
    name: '',
    email: '',
    phone: '',
  });

  const [sent, setSent] = useState<CakeOrderCreated | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [earliest, setEarliest] = useState<string | undefined>(undefined);
  const form = useForm<CakeOrderRequestInput, unknown, CakeOrderRequest>({
    resolver: zodResolver(cakeOrderRequest),
    defaultValues: blank(),
  });
  const { handleSubmit, reset, setValue, setError, control } = form;
  const { t, say, local, err } = useFormWords<'cakeForm'>();
  const bound = formFields(form, formId);
  const [servings, tiers, filling, frosting, fulfilment, message] = useWatch({
    control,
    name: ['servings', 'tiers', 'filling', 'frosting', 'fulfilment', 'messageOnCake'],
  });
  // On a phone the photo field is a screen or more above the button: a photo that stops the order
  // takes the visitor to its message, else the tap on "Order this cake" seems to do nothing.
  const stopAtPhoto = (text: string) => {
    setPhotoError(text);
    document.getElementById(fieldId(formId, 'referencePhoto'))?.focus();
  };
  const { send, invalid, ...submission } = useFormSubmission({
    setError,
    // The photo input is outside react-hook-form.
    ownFieldError: (name, text) => {
      if (name !== 'referencePhoto') return false;
      stopAtPhoto(text);
      return true;
    },
    isField: (path) => FIELDS.includes(path),
    title: t.problemTitle,
  });

  useEffect(() => {
    setValue('submissionId', newSubmissionId());
    setEarliest(addDays(businessClock(timeZone).today(), leadTimeDays));
  }, [setValue, leadTimeDays, timeZone]);

  // The server prices the order from the database: a base price staff changed since the page was built
  // comes from GET /api/prices, so the estimate here matches the order.
  const liveBasePriceCents =
    useLivePrices([productSlug], null).latest?.get(productSlug)?.basePriceCents ?? basePriceCents;
  const price = priceCake({
    base,
    basePriceCents: liveBasePriceCents,
    servings: Number(servings),
    tiers: Number(tiers),
    filling: String(filling),
    frosting: String(frosting),
  });

  const onValid = async (data: CakeOrderRequest) => {
    if (photoError) {
      stopAtPhoto(photoError);
      return;
    }
    let referencePhoto: string | undefined;
    if (photo) {
      try {
        // Shrunk to 1,600 px (JPEG) like the setup spot's photos: a phone photo of several MB travels in the JSON request as a few hundred KB.
        referencePhoto = await shrinkPhoto(photo);
      } catch {
        stopAtPhoto(t.photoUnreadable);
        return;
      }
    }
    const created = await send<CakeOrderCreated>(publicApi.cakeOrders, {
      json: referencePhoto ? { ...data, referencePhoto } : data,
    });
    if (!created) return;
    islandToast.success(t.sentToast, say(t.numberToast, { number: created.orderNumber }));
    setSent(created);
  };

  const again = () => {
    reset({ ...blank(), submissionId: newSubmissionId() });
    setPhoto(null);
    setPhotoError(null);
    setSent(null);
  };

  const choosePhoto = (file: File | null) => {
    setPhoto(file);
    setPhotoError(file ? (err(referencePhotoProblem(file) ?? undefined) ?? null) : null);
  };

  return {
    formId,
    field: (name: Parameters<typeof bound>[0], options?: Parameters<typeof bound>[1]) => local(bound(name, options)),
    form,
    base,
    sizes,
    tierOptions,
    earliest,
    fulfilment,
    message: String(message ?? ''),
    price,
    photoError,
    choosePhoto,
    submit: handleSubmit(onValid, invalid),
    ...submission,
    sent,
    again,
  };
}

export type CakeOrderState = ReturnType<typeof useCakeOrder>;
