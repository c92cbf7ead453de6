import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@myeai/db';

/** NOTIFY on a channel (delivered when the caller's transaction commits, at once outside one). */
export async function sendNotification(db: DbOrTx, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
