import { useCallback, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import type { BookingRequest, BookingRequestInput } from '../../lib/booking';

/** Fields the customer types, in the form's order; server errors on any other path (items, event) go to the banner. */
export const formFields = [
  'customer.name',
  'customer.email',
  'customer.phone',
  'address.line1',
  'address.line2',
  'address.city',
  'address.state',
  'address.zip',
  'address.notes',
  'textConsent',
  'acceptTerms',
] as const;
export type FormField = (typeof formFields)[number];
export const isFormField = (key: string): key is FormField => (formFields as readonly string[]).includes(key);

type Values = Record<FormField, unknown>;
/** The order itself (items, date, coupon, damage waiver): from the cart, which another tab may change. */
type Order = Partial<Omit<BookingRequestInput, 'customer' | 'address' | 'acceptTerms' | 'textConsent'>>;
export interface FieldProblem {
  type: 'schema' | 'server';
  message: string;
}
type Problems = Partial<Record<FormField, FieldProblem>>;
type Issue = { path: PropertyKey[]; message: string };
type Schema = {
  safeParse: (
    input: unknown,
  ) => { success: true; data: BookingRequest } | { success: false; error: { issues: Issue[] } };
};

let schema: Promise<Schema> | undefined;
/**
 * The shared booking schema (zod and the request rules, about a third of the page's script) is fetched
 * when the customer first touches the form, not with the page: the page paints and answers sooner on a
 * phone, and the schema has arrived long before the first field is left or the form sent.
 */
export function loadSchema(): Promise<Schema> {
  schema ??= import('../../lib/booking').then(
    ({ bookingRequest }) => bookingRequest as Schema,
    (error: unknown) => {
      schema = undefined; // a later attempt may succeed (site-runtime reloads for a missing chunk)
      throw error;
    },
  );
  return schema;
}

const pathOf = (issue: Issue) => issue.path.map(String).join('.');

/**
 * What the customer has typed, kept for this tab only (sessionStorage), so a reload or a trip back to the
 * cart to change an item does not empty the form on a phone. The ZIP code lives in the cart already; the
 * two ticks (texts, terms) are never kept: consent is given again each time it is asked.
 */
const DRAFT_KEY = 'pf-checkout-draft';
const DRAFT_FIELDS = ['customer.name', 'customer.email', 'customer.phone', 'address.line1', 'address.line2', 'address.city', 'address.state', 'address.notes'] as const;

function readDraft(): Partial<Values> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(DRAFT_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    const entries = DRAFT_FIELDS.map((field) => [field, (stored as Record<string, unknown>)[field]] as const);
    return Object.fromEntries(entries.filter(([, value]) => typeof value === 'string' && value.length <= 2000));
  } catch {
    return {}; // storage blocked or a damaged value: the form starts empty, as before
  }
}

function saveDraft(values: Values) {
  try {
    window.sessionStorage.setItem(DRAFT_KEY, JSON.stringify(Object.fromEntries(DRAFT_FIELDS.map((field) => [field, values[field]]))));
  } catch {
    // storage blocked or full: the form still works, it is only not kept
  }
}

/** Once the booking is placed, what was typed for it is not kept on the device. */
export function clearCheckoutDraft() {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing was kept
  }
}

/**
 * The booking form on the shared booking schema, without a form library: the inputs keep their own
 * values (as react-hook-form's register did) and the form re-renders only when a field's error changes.
 * The same rhythm as before: a field is first checked when it is left, then on every change; after a
 * send, every field is checked as it changes; a send checks them all and focuses the first in error.
 */
export function useBookingForm(order: Order, initial: Partial<Values>) {
  // Read once: the draft is what was typed before this page was opened, not on every render.
  const [startingValues] = useState<Values>(() => ({
    'customer.name': '',
    'customer.email': '',
    'customer.phone': '',
    'address.line1': '',
    'address.line2': undefined,
    'address.city': '',
    'address.state': '',
    'address.zip': '',
    'address.notes': undefined,
    textConsent: false,
    acceptTerms: false,
    ...initial,
    ...readDraft(),
  }));
  const values = useRef<Values>(startingValues);
  const orderRef = useRef(order);
  orderRef.current = order;
  const elements = useRef(new Map<FormField, HTMLElement>());
  const touched = useRef(new Set<FormField>());
  const submitted = useRef(false);
  const [problems, setProblems] = useState<Problems>({});

  const input = (): BookingRequestInput => {
    const v = values.current;
    return {
      ...orderRef.current,
      customer: { name: v['customer.name'], email: v['customer.email'], phone: v['customer.phone'] },
      address: {
        line1: v['address.line1'],
        line2: v['address.line2'],
        city: v['address.city'],
        state: v['address.state'],
        zip: v['address.zip'],
        notes: v['address.notes'],
      },
      // Sent only when ticked: the box is there only when the site can text (optional, never pre-ticked).
      ...(v.textConsent === true ? { textConsent: true } : {}),
      acceptTerms: v.acceptTerms,
    } as BookingRequestInput;
  };

  /** Sets or clears a field's problem; given a function, from the field's current problem. */
  const setProblem = useCallback(
    (
      field: FormField,
      change: FieldProblem | undefined | ((current: FieldProblem | undefined) => FieldProblem | undefined),
    ) => {
      setProblems((current) => {
        const problem = typeof change === 'function' ? change(current[field]) : change;
        if (current[field]?.message === problem?.message && current[field]?.type === problem?.type) return current;
        const next = { ...current };
        if (problem) next[field] = problem;
        else delete next[field];
        return next;
      });
    },
    [],
  );

  const validateField = async (field: FormField) => {
    const result = (await loadSchema()).safeParse(input());
    const issue = result.success ? undefined : result.error.issues.find((i) => pathOf(i) === field);
    setProblem(field, issue ? { type: 'schema', message: issue.message } : undefined);
  };

  const focus = useCallback((field: FormField) => elements.current.get(field)?.focus(), []);

  /** The props of a field's control, spread on it as react-hook-form's register was. */
  const register = (
    field: FormField,
    options: { setValueAs?: (value: unknown) => unknown; onChange?: (e: ChangeEvent<HTMLInputElement>) => void } = {},
  ) => {
    const value = values.current[field];
    return {
      name: field,
      ...(typeof value === 'boolean'
        ? { defaultChecked: value }
        : { defaultValue: (value as string | undefined) ?? '' }),
      ref: (element: HTMLElement | null) => {
        if (element) elements.current.set(field, element);
        else elements.current.delete(field);
      },
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
        const target = e.target;
        values.current[field] =
          target instanceof HTMLInputElement && target.type === 'checkbox'
            ? target.checked
            : (options.setValueAs ?? ((v: unknown) => v))(target.value);
        options.onChange?.(e as ChangeEvent<HTMLInputElement>);
        if ((DRAFT_FIELDS as readonly string[]).includes(field)) saveDraft(values.current);
        if (submitted.current || touched.current.has(field)) void validateField(field);
      },
      onBlur: (_e: FocusEvent) => {
        touched.current.add(field);
        if (!submitted.current) void validateField(field);
      },
    };
  };

  /**
   * Checks every field: the valid request to `onValid`; otherwise each form field's first problem at
   * its field (the first of them focused) and whether the order itself (items, date) has one.
   */
  const handleSubmit =
    (onValid: (data: BookingRequest) => Promise<void>, onInvalid: (orderProblem: boolean) => void) =>
    async (e?: { preventDefault: () => void }) => {
      e?.preventDefault();
      submitted.current = true;
      const result = (await loadSchema()).safeParse(input());
      const next: Problems = {};
      if (!result.success) {
        for (const issue of result.error.issues) {
          const key = pathOf(issue);
          if (isFormField(key) && !next[key]) next[key] = { type: 'schema', message: issue.message };
        }
      }
      setProblems(next);
      if (result.success) return onValid(result.data);
      onInvalid(result.error.issues.some((i) => i.path[0] === 'items' || i.path[0] === 'event'));
      // Focused now and once more after the render, as react-hook-form's shouldFocusError did.
      const first = formFields.find((field) => next[field]);
      if (first) {
        focus(first);
        setTimeout(() => focus(first));
      }
    };

  /** A field's value as typed (the credit step starts from the e-mail). */
  const valueOf = (field: FormField) => values.current[field];

  return { register, problems, setProblem, focus, handleSubmit, valueOf };
}
