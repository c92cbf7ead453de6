import { upperFirst } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { z } from 'zod';
import type { FormFrameProps } from '../../../components/ui/form-frame.tsx';
import { useDomainForm } from '../../../lib/use-domain-form.ts';

/**
 * What the catalogue screens use of a TanStack mutation. Narrower than UseMutationResult on
 * purpose: an update mutation whose body also takes is_active still fits one typed for the form's input.
 */
export type Mutation<Variables> = {
  isPending: boolean;
  mutate: (variables: Variables, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
};

type CatalogueFormOptions<S extends z.ZodType, Values> = {
  /** Singular, lower case: "asset" reads "Asset created successfully!" and "Failed to update asset: …". */
  noun: string;
  /** The item being edited; null adds a new one. */
  item: { id: string } | null;
  initial: Values;
  /** The shared schema the server validates with, so the form shows the same messages before sending. */
  schema: S;
  /** The values as the schema expects them, where an input holds something else (a number input's ''). */
  toInput?: (values: Values) => unknown;
  create: Mutation<z.output<S>>;
  update: Mutation<{ id: string; body: z.output<S> }>;
  onDone: () => void;
};

/** An asset or timeframe form (useDomainForm) with its submit and the spec's toasts; the form only lays out its fields. */
export function useCatalogueForm<S extends z.ZodType, Values extends Record<string, unknown>>({
  noun,
  item,
  initial,
  schema,
  toInput = (values) => values,
  create,
  update,
  onDone,
}: CatalogueFormOptions<S, Values>) {
  const form = useDomainForm(schema, initial, { toInput });
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.onSubmit(
    (input) => {
      setFormError(null);
      const verb = item ? 'update' : 'create';
      const callbacks = {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${upperFirst(noun)} ${verb}d successfully!` });
          onDone();
        },
        onError: (error: Error) => {
          form.setServerErrors(error);
          setFormError(`Failed to ${verb} ${noun}: ${error.message}`);
        },
      };
      if (item) update.mutate({ id: item.id, body: input }, callbacks);
      else create.mutate(input, callbacks);
    },
    () => setFormError(null),
  );

  const frame: Omit<FormFrameProps, 'children'> = {
    onSubmit,
    formError,
    saving: create.isPending || update.isPending,
    submitLabel: `${item ? 'Save' : 'Add'} ${upperFirst(noun)}`,
    onCancel: onDone,
  };
  return { form, frame };
}
