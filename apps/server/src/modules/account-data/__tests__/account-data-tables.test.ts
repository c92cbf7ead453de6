import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '@myeai/db';
import { CHILD_TABLES, EXPORT_SECTIONS, PERSONAL_TABLES } from '../account-data-tables.ts';

/**
 * The schema decides which tables name a person: every table with a foreign key to users (and any
 * user_id column, with or without one). Each must be in PERSONAL_TABLES with exactly those columns,
 * exported or excluded with a reason, so a new table cannot be forgotten by the export or the erasure.
 */
function tablesNamingUsers(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const value of Object.values(schema)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    const columns = new Set<string>();
    for (const key of config.foreignKeys) {
      const reference = key.reference();
      if (getTableConfig(reference.foreignTable).name === 'users') for (const column of reference.columns) columns.add(column.name);
    }
    if (config.columns.some((column) => column.name === 'user_id')) columns.add('user_id');
    if (config.name === 'users') columns.add('id');
    if (columns.size > 0) found.set(config.name, [...columns].sort());
  }
  return found;
}

function allTables(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const value of Object.values(schema)) {
    if (value instanceof PgTable) found.set(getTableConfig(value).name, getTableConfig(value).columns.map((column) => column.name));
  }
  return found;
}

describe('the tables that name a person', () => {
  const naming = tablesNamingUsers();
  const listed = new Map(PERSONAL_TABLES.map((entry) => [entry.table, entry]));

  it('the schema has tables that name users (the introspection works)', () => {
    expect(naming.get('leads')).toEqual(['user_id']);
    expect(naming.get('commissions')).toEqual(['origin_user_id', 'user_id']);
    expect(naming.size).toBeGreaterThan(40);
  });

  it('every table naming a user is listed for the export and the erasure, with its user columns', () => {
    const missing = [...naming.keys()].filter((table) => !listed.has(table));
    expect(missing, `add these tables to PERSONAL_TABLES in account-data-tables.ts (export them or say why not): ${missing.join(', ')}`).toEqual([]);
    for (const [table, columns] of naming) {
      expect(Object.keys(listed.get(table)!.columns).sort(), `the user columns of ${table}`).toEqual(columns);
    }
  });

  it('every listed table exists and names a user; an unexported one says why', () => {
    for (const entry of PERSONAL_TABLES) {
      expect(naming.has(entry.table), `${entry.table} is listed but does not name a user`).toBe(true);
      if (entry.notExported !== undefined) expect(entry.notExported.length).toBeGreaterThan(20);
    }
    expect(new Set(PERSONAL_TABLES.map((entry) => entry.table)).size).toBe(PERSONAL_TABLES.length);
  });

  it('omitted, scrubbed and export-by columns exist; secrets and hashes are never exported', () => {
    const tables = allTables();
    for (const entry of PERSONAL_TABLES) {
      const columns = tables.get(entry.table)!;
      for (const column of [...(entry.omit ?? []), ...(entry.scrub ?? []), ...(entry.exportBy ?? [])]) expect(columns, `${entry.table}.${column}`).toContain(column);
      if (entry.notExported) continue;
      for (const column of columns) {
        if (/hash|secret/.test(column) && !(entry.omit ?? []).includes(column)) expect.fail(`${entry.table}.${column} looks secret: omit it from the export`);
      }
    }
  });

  it('child tables and the export sections name real tables', () => {
    const tables = allTables();
    for (const child of CHILD_TABLES) expect(tables.get(child.table)).toContain(child.column);
    const exported = new Set([...PERSONAL_TABLES.filter((entry) => !entry.notExported).map((entry) => entry.table), ...CHILD_TABLES.map((child) => child.table)]);
    for (const [section, names] of Object.entries(EXPORT_SECTIONS)) for (const name of names) expect(exported.has(name), `${section}: ${name}`).toBe(true);
  });
});
