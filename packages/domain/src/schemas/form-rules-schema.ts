import { z } from 'zod';

type RulesResult<Output> = { ok: true; value: Output } | { ok: false; errors: Partial<Record<string, string>> };

/**
 * A dialog's fields as typed, checked by the domain's rules function for that form (every field's message at
 * once, the spec's texts), as a zod schema: the web app's forms all take their validator as a zod schema.
 */
export function formRulesSchema<Shape extends z.ZodRawShape, Output>(shape: Shape, rules: (values: z.output<z.ZodObject<Shape>>) => RulesResult<Output>) {
  return z.object(shape).transform((values, ctx) => {
    const result = rules(values);
    if (result.ok) return result.value;
    for (const [field, message] of Object.entries(result.errors)) if (message) ctx.addIssue({ code: 'custom', path: [field], message });
    return z.NEVER;
  });
}
