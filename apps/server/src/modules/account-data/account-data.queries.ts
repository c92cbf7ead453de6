import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { accountDeletions, dataExports, sessions, users, type DbOrTx } from '@myeai/db';

export type DataExportRow = typeof dataExports.$inferSelect;
export type AccountDeletionRow = typeof accountDeletions.$inferSelect;

type Row = Record<string, unknown>;

async function rows(db: DbOrTx, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

function naming(columns: readonly string[], userId: string): SQL {
  return sql.join(
    columns.map((column) => sql`${sql.identifier(column)} = ${userId}`),
    sql` or `,
  );
}

/** Rows of `table` with the person's id in any of `columns` (table and column names come from the fixed registry). */
export function selectRowsNaming(db: DbOrTx, table: string, columns: readonly string[], userId: string): Promise<Row[]> {
  return rows(db, sql`select * from ${sql.identifier(table)} where ${naming(columns, userId)}`);
}

/** Rows of a child table whose parent row is the person's (goal check-ins of their goals). */
export function selectChildRows(db: DbOrTx, child: { table: string; column: string; parent: string; parentColumn: string }, userId: string): Promise<Row[]> {
  return rows(
    db,
    sql`select * from ${sql.identifier(child.table)} where ${sql.identifier(child.column)} in (select id from ${sql.identifier(child.parent)} where ${sql.identifier(child.parentColumn)} = ${userId})`,
  );
}

export async function deleteRowsNaming(db: DbOrTx, table: string, column: string, userId: string): Promise<void> {
  await db.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`);
}

export async function clearColumnsOfRowsNaming(db: DbOrTx, table: string, keyColumns: readonly string[], cleared: readonly string[], userId: string): Promise<void> {
  const sets = sql.join(
    cleared.map((column) => sql`${sql.identifier(column)} = null`),
    sql`, `,
  );
  await db.execute(sql`update ${sql.identifier(table)} set ${sets} where ${naming(keyColumns, userId)}`);
}

/**
 * Replaces a text wherever it appears in a jsonb column (the audit log's details may quote the
 * person's e-mail or name). `find` is matched in its JSON-escaped form; `replacement` is plain.
 */
export async function replaceInJsonColumn(db: DbOrTx, table: string, column: string, find: string, replacement: string): Promise<void> {
  const escaped = JSON.stringify(find).slice(1, -1);
  await db.execute(
    sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = replace(${sql.identifier(column)}::text, ${escaped}, ${replacement})::jsonb
        where strpos(${sql.identifier(column)}::text, ${escaped}) > 0`,
  );
}

/** Mail sent to the address before the account had its id on the row (or after it was cleared). */
export async function deleteMailTo(db: DbOrTx, address: string): Promise<void> {
  await db.execute(sql`delete from mail_outbox where lower(to_address) = lower(${address})`);
}

export async function anonymiseUserRow(db: DbOrTx, userId: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export async function insertDataExport(db: DbOrTx, values: typeof dataExports.$inferInsert): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values(values).returning();
  return row!;
}

export async function selectLatestDataExport(db: DbOrTx, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.requestedAt), desc(dataExports.id)).limit(1);
  return row;
}

export async function selectDataExport(db: DbOrTx, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

export async function completeDataExport(db: DbOrTx, id: string, document: unknown, readyAt: Date, expiresAt: Date): Promise<void> {
  await db.update(dataExports).set({ status: 'ready', document, readyAt, expiresAt }).where(and(eq(dataExports.id, id), eq(dataExports.status, 'preparing')));
}

export async function failDataExport(db: DbOrTx, id: string): Promise<void> {
  await db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, id));
}

export async function insertAccountDeletion(db: DbOrTx, values: typeof accountDeletions.$inferInsert): Promise<AccountDeletionRow> {
  const [row] = await db.insert(accountDeletions).values(values).returning();
  return row!;
}

export async function selectPendingDeletion(db: DbOrTx, userId: string): Promise<AccountDeletionRow | undefined> {
  const [row] = await db.select().from(accountDeletions).where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.erasedAt)));
  return row;
}

/** Removes a pending deletion (an admin cancelled it); its erasure job then finds nothing to do. */
export async function deletePendingDeletion(db: DbOrTx, id: string): Promise<void> {
  await db.delete(accountDeletions).where(and(eq(accountDeletions.id, id), isNull(accountDeletions.erasedAt)));
}

/** Whether the account exists and was erased (its row is kept, status 'deleted'). */
export async function isErasedAccount(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  return row?.status === 'deleted';
}

export async function selectAccountDeletion(db: DbOrTx, id: string): Promise<AccountDeletionRow | undefined> {
  const [row] = await db.select().from(accountDeletions).where(eq(accountDeletions.id, id)).for('update');
  return row;
}

export async function markAccountErased(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(accountDeletions).set({ erasedAt: at }).where(eq(accountDeletions.id, id));
}

/**
 * Active admins other than this person with no deletion pending: while one exists, the person may
 * leave. Locks the admins' rows so two admins deleting themselves at once cannot both pass.
 */
export async function countOtherAdminsStaying(db: DbOrTx, userId: string): Promise<number> {
  const found = await rows(
    db,
    sql`select u.id from users u
        where u.id <> ${userId} and u.status = 'active' and 'admin' = any(u.roles)
          and not exists (select 1 from account_deletions d where d.user_id = u.id and d.erased_at is null)
        for update of u`,
  );
  return found.length;
}

export async function lockUserRow(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for update`);
}

/** Ends every live session of the person; answers the ended sessions' ids (their sockets are closed by the caller). */
export async function revokeAllSessions(db: DbOrTx, userId: string, at: Date): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

export async function selectSessionStart(db: DbOrTx, sessionId: string): Promise<{ method: string; createdAt: Date } | undefined> {
  const [row] = await db.select({ method: sessions.method, createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row;
}

export async function selectPerson(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles, status: users.status, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.status, 'deleted')));
  return row;
}
