import { useForm, type UseFormReturnType } from '@mantine/form';
import type { z } from 'zod';
import { serverFieldErrors, zodFieldErrors } from './form-errors.ts';

type Values = Record<string, unknown>;
type DomainSchema<V> = z.ZodType<unknown, V>;

/** A failed parse of the form's values by the domain schema, as Mantine form errors (first message per field). */
export function zodValidator<V>(schema: DomainSchema<V>) {
  return (values: V): Record<string, string | undefined> => {
    const parsed = schema.safeParse(values);
    return parsed.success ? {} : zodFieldErrors(parsed.error);
  };
}

export type DomainForm<V extends Values, Output> = UseFormReturnType<V, (values: V) => Output> & {
  /**
   * Shows a refused request's per-field messages on the fields (an API field named otherwise than the form's
   * field through `fieldOfPath`); true when at least one landed on a field, so the caller shows the rest as a
   * form-level message only when none did.
   */
  setServerErrors: (error: unknown) => boolean;
};

type DomainFormOptions = {
  /** API body field name -> the form's field, where the form edits a value the request sends under another name. */
  fieldOfPath?: Readonly<Record<string, string>>;
  /** Check each field as it is edited (a one-field dialog whose button waits for a valid value), not only on submit. */
  validateInputOnChange?: boolean;
};

/**
 * Every form of the app: Mantine form whose only validator is the domain's zod schema, the one the server
 * parses the request with, so a rule and its message live once. The submit handler receives the schema's
 * parsed output (`form.onSubmit((parsed) => ...)`); a field's message clears as soon as the field is edited
 * (spec 2 section 5); the server's 4xx field messages go on the fields with `form.setServerErrors(error)`.
 *
 * The form's values are the schema's input; where an input holds something else (a number input's '', a
 * select's '' for none), `toInput` maps the values as shown to what the schema reads. It maps, it checks
 * nothing: the schema does, with its messages.
 */
export function useDomainForm<S extends DomainSchema<Values>>(schema: S, initialValues: z.input<S>, options?: DomainFormOptions): DomainForm<z.input<S>, z.output<S>>;
export function useDomainForm<S extends z.ZodType, V extends Values>(
  schema: S,
  initialValues: V,
  options: DomainFormOptions & { toInput: (values: V) => unknown },
): DomainForm<V, z.output<S>>;
export function useDomainForm(schema: z.ZodType, initialValues: Values, options: DomainFormOptions & { toInput?: (values: Values) => unknown } = {}): DomainForm<Values, unknown> {
  const toInput = options.toInput ?? ((values: Values) => values);
  const form = useForm<Values, (values: Values) => unknown>({
    mode: 'controlled',
    initialValues,
    validateInputOnChange: options.validateInputOnChange ?? false,
    validate: (values) => zodValidator(schema)(toInput(values)),
    // Called by onSubmit only after the same schema validated the values, so it does not throw.
    transformValues: (values) => schema.parse(toInput(values)),
  });
  const setServerErrors = (error: unknown) => {
    const fields = Object.keys(form.getValues());
    const errors = serverFieldErrors(error, fields, options.fieldOfPath);
    form.setErrors(errors);
    return Object.keys(errors).length > 0;
  };
  return { ...form, setServerErrors };
}
