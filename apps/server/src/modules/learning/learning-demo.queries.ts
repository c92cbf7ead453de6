import { inArray } from 'drizzle-orm';
import { learningCategories, learningUploads, type DbOrTx } from '@myeai/db';

/** The demo seed's reads (apps/server/src/seed): whether the catalogue was ever started, and the files it stored. */

/** A module needs a category and a category holding modules cannot be removed: no category, no catalogue. */
export async function anyLearningCategoryExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: learningCategories.id }).from(learningCategories).limit(1);
  return row !== undefined;
}

/** Uploads stored under one of `originalNames` (the seed's own files), with the name their file has in UPLOADS_DIR. */
export async function selectUploadsNamed(db: DbOrTx, originalNames: readonly string[]): Promise<{ storedName: string; originalName: string }[]> {
  if (originalNames.length === 0) return [];
  return db.select({ storedName: learningUploads.storedName, originalName: learningUploads.originalName }).from(learningUploads).where(inArray(learningUploads.originalName, [...originalNames]));
}
