import type { z } from 'zod';
import { ApiError } from './api-client.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The first message per field of a failed zod parse of the form (the same schema the server uses), keyed by
 * the field's dotted path ("audience.role"), as Mantine form names a nested field and the server names it.
 */
export function zodFieldErrors<F extends string>(error: z.ZodError): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') as F;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The server's per-field messages of a refused request, for the fields the form has, nested ones by dotted path (`fieldOfPath` names the
 * form's field for a body field the form edits under another name, e.g. value_cents -> value).
 */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[], fieldOfPath: Readonly<Record<string, string>> = {}): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const detail of error.details ?? []) {
    const field = (fieldOfPath[detail.path] ?? detail.path) as F;
    const topField = field.split('.')[0] as F;
    if (fields.includes(topField) && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}
