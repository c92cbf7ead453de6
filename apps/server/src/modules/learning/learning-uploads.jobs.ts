import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { JobHandler } from '../jobs/index.ts';
import { deleteUnusedUpload } from './learning-uploads.queries.ts';
import { LEARNING_UPLOAD_SWEEP_JOB, learningUploadsDir } from './learning-uploads.service.ts';

const SweepPayloadSchema = z.object({ uploadId: z.uuid() });

/** Removes the upload's row and file when no module uses it; a used upload is left alone. Repeating it is harmless. */
export const sweepUnusedUpload: JobHandler = async (payload, { deps }) => {
  const { uploadId } = SweepPayloadSchema.parse(payload);
  const storedName = await deleteUnusedUpload(deps.db, uploadId);
  if (storedName) await rm(join(learningUploadsDir(deps.config), storedName), { force: true });
};

export const learningJobHandlers: Record<string, JobHandler> = { [LEARNING_UPLOAD_SWEEP_JOB]: sweepUnusedUpload };
