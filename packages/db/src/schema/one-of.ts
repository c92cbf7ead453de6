import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `column in ('a', 'b')` for a CHECK constraint, from the domain's tuple of the values (decision
 * 034: a value set is written once, in packages/domain). The values are inlined as SQL string
 * literals because a constraint takes no bound parameters; they come from our own constants.
 */
export function oneOf(column: AnyColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))})`;
}
