/**
 * API paths are written once, as Fastify-style templates (`/api/leads/:id`), in a `<area>Paths` constant
 * next to the area's schemas (packages/domain/src/schemas/<area>.ts). The server registers the template
 * as it is; the web app fills it with `apiPath(template, params)`. A query string is the caller's: append
 * it to the filled path.
 */

/** The names of a template's `:param` placeholders, e.g. `'id' | 'stage'`. */
export type PathParamNames<T extends string> = T extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParamNames<`/${Rest}`>
  : T extends `${string}:${infer Param}`
    ? Param
    : never;

export type PathParams<T extends string> = { readonly [K in PathParamNames<T>]: string | number };

/** A template without placeholders takes no params; one with placeholders needs every one of them. */
type PathParamsArgument<T extends string> = [PathParamNames<T>] extends [never] ? [params?: Record<string, never>] : [params: PathParams<T>];

const PLACEHOLDER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Fills the `:param` placeholders of a path template, each value URI-encoded (an id with `/` or `?`
 * stays one path segment). Throws on a placeholder without a value (missing, or an empty string, which
 * would name a different route).
 */
export function apiPath<T extends string>(template: T, ...[params]: PathParamsArgument<T>): string {
  const values: Readonly<Record<string, string | number | undefined>> = params ?? {};
  return template.replace(PLACEHOLDER, (_placeholder, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined || value === null || value === '') throw new Error(`apiPath: no value for :${name} in ${template}`);
    return encodeURIComponent(String(value));
  });
}
