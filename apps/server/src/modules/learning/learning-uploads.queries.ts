import { and, eq, sql } from 'drizzle-orm';
import { learningModules, learningUploads, type DbOrTx } from '@myeai/db';
import type { LearningUploadMimeType } from '@myeai/domain';

/** Uploaded learning files (issue 20 item 4): the row that names a file kept in UPLOADS_DIR. */

export type UploadRecord = { id: string; storedName: string; originalName: string; mimeType: LearningUploadMimeType; sizeBytes: number; createdAt: Date };

export async function insertUpload(
  db: DbOrTx,
  values: { id: string; storedName: string; originalName: string; mimeType: LearningUploadMimeType; sizeBytes: number; createdBy: string | null; now: Date },
): Promise<UploadRecord> {
  const [row] = await db
    .insert(learningUploads)
    .values({ id: values.id, storedName: values.storedName, originalName: values.originalName, mimeType: values.mimeType, sizeBytes: values.sizeBytes, createdBy: values.createdBy, createdAt: values.now })
    .returning({
      id: learningUploads.id,
      storedName: learningUploads.storedName,
      originalName: learningUploads.originalName,
      mimeType: learningUploads.mimeType,
      sizeBytes: learningUploads.sizeBytes,
      createdAt: learningUploads.createdAt,
    });
  return row as UploadRecord;
}

export async function selectUploadMimeType(db: DbOrTx, id: string): Promise<LearningUploadMimeType | undefined> {
  const [row] = await db.select({ mimeType: learningUploads.mimeType }).from(learningUploads).where(eq(learningUploads.id, id));
  return row?.mimeType as LearningUploadMimeType | undefined;
}


/** Removes an upload no module uses (in one statement, so a module saved meanwhile keeps it); its stored name, or undefined when kept. */
export async function deleteUnusedUpload(db: DbOrTx, id: string): Promise<string | undefined> {
  const rows = await db
    .delete(learningUploads)
    .where(and(eq(learningUploads.id, id), sql`not exists (select 1 from ${learningModules} where ${learningModules.uploadId} = ${id}::uuid)`))
    .returning({ storedName: learningUploads.storedName });
  return rows[0]?.storedName;
}
