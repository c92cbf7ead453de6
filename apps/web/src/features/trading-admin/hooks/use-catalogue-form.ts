import { upperFirst } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { FormFrameProps } from '../components/form-frame.tsx';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';

/**
 * What the catalogue screens use of a TanStack mutation. Narrower than UseMutationResult on
 * purpose: an update mutation whose body also takes is_active still fits one typed for the form's input.
 */
export type Mutation<Variables> = {
  isPending: boolean;
  mutate: (variables: Variables, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
};

type CatalogueFormOptions<Values, Input> = {
  /** Singular, lower case: "asset" reads "Asset created successfully!" and "Failed to update asset: …". */
  noun: string;
  /** The item being edited; null adds a new one. */
  item: { id: string } | null;
  initial: Values;
  /** The shared schema the server validates with, so the form shows the same messages before sending. */
  schema: z.ZodType<Input>;
  /** The values as the schema expects them, where an input holds something else (a number input's ''). */
  toInput?: (values: Values) => unknown;
  create: Mutation<Input>;
  update: Mutation<{ id: string; body: Input }>;
  onDone: () => void;
};

/** State, validation, submit and the spec's toasts of an asset or timeframe form; the form only lays out its fields. */
export function useCatalogueForm<Values extends Record<string, unknown>, Input>({ noun, item, initial, schema, toInput = (values) => values, create, update, onDone }: CatalogueFormOptions<Values, Input>) {
  type Field = keyof Values & string;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <F extends Field>(field: F, value: Values[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = schema.safeParse(toInput(values));
    if (!parsed.success) return setErrors(zodFieldErrors<Field>(parsed.error));
    const verb = item ? 'update' : 'create';
    const callbacks = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${upperFirst(noun)} ${verb}d successfully!` });
        onDone();
      },
      onError: (error: Error) => {
        setErrors(serverFieldErrors(error, Object.keys(initial) as Field[]));
        setFormError(`Failed to ${verb} ${noun}: ${error.message}`);
      },
    };
    if (item) update.mutate({ id: item.id, body: parsed.data }, callbacks);
    else create.mutate(parsed.data, callbacks);
  };

  const frame: Omit<FormFrameProps, 'children'> = {
    onSubmit,
    formError,
    saving: create.isPending || update.isPending,
    submitLabel: `${item ? 'Save' : 'Add'} ${upperFirst(noun)}`,
    onCancel: onDone,
  };
  return { values, errors, set, frame };
}
