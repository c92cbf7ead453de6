import { ESLint } from 'eslint';
import { PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, test } from 'vitest';
import { oneOf } from './one-of.ts';

const root = new URL('../../../../', import.meta.url).pathname;

/** The no-restricted-syntax messages lint gives this source as a schema file. */
async function schemaLint(source: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: root }).lintText(source, { filePath: `${root}packages/db/src/schema/lint-probe.ts` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
}

describe('npm run lint keeps database value sets in the domain (decision 034)', () => {
  const header = `import { sql } from 'drizzle-orm';\nimport { check, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';\nimport { LEAD_STAGES, SUPPORT_STATUSES } from '@myeai/domain';\nimport { oneOf } from './one-of.ts';\n`;

  test.each([
    { label: 'an enum written as a list', source: `export const stage = pgEnum('stage', ['new', 'lost']);` },
    { label: 'a CHECK list written in SQL', source: "export const t = pgTable('t', { s: text('s') }, (t) => [check('t_s', sql`${t.s} in ('open', 'answered')`)]);" },
    { label: 'a CHECK list built from an array literal', source: "export const t = pgTable('t', { s: text('s') }, (t) => [check('t_s', oneOf(t.s, ['open', 'answered']))]);" },
  ])('refuses $label', async ({ source }) => {
    expect(await schemaLint(header + source)).toHaveLength(1);
  });

  test('accepts the domain tuples', async () => {
    const source = "export const stage = pgEnum('stage', LEAD_STAGES);\nexport const t = pgTable('t', { s: text('s') }, (t) => [check('t_s', oneOf(t.s, SUPPORT_STATUSES)), check('t_a', sql`${t.s} <> ''`)]);";
    expect(await schemaLint(header + source)).toEqual([]);
  });
});

test('oneOf writes the column and the quoted values as the migrations have them', () => {
  const table = pgTable('t', { status: text('status') });
  const { sql } = new PgDialect().sqlToQuery(oneOf(table.status, ['open', "it's"]));
  expect(sql).toBe(`"t"."status" in ('open', 'it''s')`);
});
