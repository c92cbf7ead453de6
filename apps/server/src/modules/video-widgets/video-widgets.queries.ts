import { asc, eq, isNull, sql } from 'drizzle-orm';
import { videoWidgets, type DbOrTx } from '@myeai/db';

export type VideoWidgetRow = typeof videoWidgets.$inferSelect;

/** The widgets in slot order, only the active ones when asked. */
export async function selectVideoWidgets(db: DbOrTx, options: { activeOnly: boolean }): Promise<VideoWidgetRow[]> {
  return db
    .select()
    .from(videoWidgets)
    .where(options.activeOnly ? eq(videoWidgets.isActive, true) : undefined)
    .orderBy(asc(videoWidgets.position));
}

/** Saves an edit as the widget's next revision; the row updated, if the widget exists. */
export async function updateVideoWidgetRow(
  db: DbOrTx,
  id: string,
  changes: Omit<Partial<typeof videoWidgets.$inferInsert>, 'revision'>,
): Promise<VideoWidgetRow | undefined> {
  const [row] = await db
    .update(videoWidgets)
    .set({ ...changes, revision: sql`${videoWidgets.revision} + 1` })
    .where(eq(videoWidgets.id, id))
    .returning();
  return row;
}

/** Slots with no video yet, in slot order. */
export async function selectEmptyVideoSlotIds(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ id: videoWidgets.id }).from(videoWidgets).where(isNull(videoWidgets.videoId)).orderBy(asc(videoWidgets.position));
  return rows.map((row) => row.id);
}
