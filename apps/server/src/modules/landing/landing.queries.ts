import { eq } from 'drizzle-orm';
import { siteContent, type DbOrTx } from '@myeai/db';

/** An admin-edited content record of the site (landing page, referral landing page), by key. */
export async function selectSiteContent(db: DbOrTx, key: string): Promise<{ value: unknown; updatedAt: Date } | undefined> {
  const [row] = await db.select({ value: siteContent.value, updatedAt: siteContent.updatedAt }).from(siteContent).where(eq(siteContent.key, key)).limit(1);
  return row;
}

export async function upsertSiteContent(db: DbOrTx, key: string, value: unknown, at: Date, actorId: string | null): Promise<void> {
  await db
    .insert(siteContent)
    .values({ key, value, updatedAt: at, updatedBy: actorId })
    .onConflictDoUpdate({ target: siteContent.key, set: { value, updatedAt: at, updatedBy: actorId } });
}
