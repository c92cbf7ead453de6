import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { jobs, mailOutbox, signingKeys, type DbOrTx } from '@myeai/db';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxRow = typeof mailOutbox.$inferInsert;

/** Inserts the mails in one statement; their ids, in the order given. */
export async function insertOutboxMails(db: DbOrTx, rows: NewOutboxRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(mailOutbox).values(rows).returning({ id: mailOutbox.id });
  return inserted.map((row) => row.id);
}

export async function insertOutboxMail(db: DbOrTx, row: NewOutboxRow): Promise<string> {
  const [inserted] = await db.insert(mailOutbox).values(row).returning({ id: mailOutbox.id });
  return inserted!.id;
}

export async function selectOutboxMail(db: DbOrTx, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}

/** Counts a failed send and keeps its error (up to 2,000 characters, cut by the caller). */
export async function recordOutboxSendFailure(db: DbOrTx, id: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: error })
    .where(eq(mailOutbox.id, id));
}

/** Marks the row sent, recording the message as it left (with its footer and headers). */
export async function markOutboxMailSent(db: DbOrTx, id: string, at: Date, sent: { textBody: string; htmlBody: string | null; headers: Record<string, string> | null }): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: at, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null, ...sent })
    .where(eq(mailOutbox.id, id));
}

/** Up to `limit` messages newest first, older than `before` if given. */
export async function selectOutboxPage(db: DbOrTx, before: { createdAt: string; id: string } | undefined, limit: number): Promise<OutboxRow[]> {
  const conditions: SQL[] = [];
  if (before) conditions.push(sql`(${mailOutbox.createdAt}, ${mailOutbox.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`);
  return db
    .select()
    .from(mailOutbox)
    .where(and(...conditions))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

export type MailDeliveryCounts = { sent: number; failed: number; queued: number; sentSince: number; failedSince: number };

/**
 * Delivery of the outbox, counted in the database (true whichever app server sent what): sent
 * rows, rows whose 'mail.send' job (dedupe key `mail:<outbox id>`, see enqueueMail) failed after
 * every retry, the rest still queued; and those sent or given up since `since`.
 */
export async function countMailDelivery(db: DbOrTx, since: Date): Promise<MailDeliveryCounts> {
  const failedJob = sql`${jobs.status} = 'failed'`;
  const notSent = sql`${mailOutbox.status} <> 'sent'`;
  const [row] = await db
    .select({
      sent: sql<number>`count(*) filter (where ${mailOutbox.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${notSent} and ${failedJob})::int`,
      queued: sql<number>`count(*) filter (where ${notSent} and ${jobs.status} is distinct from 'failed')::int`,
      sentSince: sql<number>`count(*) filter (where ${mailOutbox.sentAt} >= ${since.toISOString()}::timestamptz)::int`,
      failedSince: sql<number>`count(*) filter (where ${notSent} and ${failedJob} and ${jobs.finishedAt} >= ${since.toISOString()}::timestamptz)::int`,
    })
    .from(mailOutbox)
    .leftJoin(jobs, eq(jobs.dedupeKey, sql`'mail:' || ${mailOutbox.id}::text`));
  return {
    sent: Number(row?.sent ?? 0),
    failed: Number(row?.failed ?? 0),
    queued: Number(row?.queued ?? 0),
    sentSince: Number(row?.sentSince ?? 0),
    failedSince: Number(row?.failedSince ?? 0),
  };
}

export async function selectSigningKeySecret(db: DbOrTx, name: string): Promise<string | undefined> {
  const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.name, name));
  return row?.secret;
}

/** Made once, by whichever instance comes first (the others keep its key). */
export async function insertSigningKeyIfAbsent(db: DbOrTx, name: string, secret: string, at: Date): Promise<void> {
  await db.insert(signingKeys).values({ name, secret, createdAt: at }).onConflictDoNothing();
}
