import { eq, sql } from 'drizzle-orm';
import { jobs, mailOutbox, type DbOrTx } from '@myeai/db';

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
