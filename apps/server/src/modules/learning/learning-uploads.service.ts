import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '@myeai/db';
import {
  AppError,
  displayUploadName,
  LEARNING_ADMIN_MESSAGES as M,
  LEARNING_UPLOAD_MAX_BYTES,
  LEARNING_UPLOAD_SNIFF_BYTES,
  learningStoredName,
  learningUploadNameAgrees,
  sniffLearningUpload,
  type LearningUpload,
} from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../env.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { insertUpload } from './learning-uploads.queries.ts';

/**
 * The folder uploaded learning files live in (DESIGN.md decision 33): UPLOADS_DIR, by default
 * `uploads` inside the data folder. Several app servers need it on a shared volume.
 */
export function learningUploadsDir(config: Pick<AppConfig, 'uploadsDir'>): string {
  return resolve(config.uploadsDir ?? join('data', 'uploads'));
}

export const LEARNING_UPLOAD_SWEEP_JOB = 'learning.unused-upload-sweep';
/** An upload no module uses a day after it arrived (the admin cancelled the dialog) is removed. */
export const LEARNING_UPLOAD_SWEEP_DELAY_MS = 24 * 60 * 60 * 1000;

export function learningUploadMaxBytes(config: Pick<AppConfig, 'learningUploadMaxBytes'>): number {
  return config.learningUploadMaxBytes ?? LEARNING_UPLOAD_MAX_BYTES;
}

/** Keeps the stream's first bytes (for sniffing) and counts the rest, refusing more than `maxBytes`. */
class HeadAndSize extends Transform {
  head = Buffer.alloc(0);
  size = 0;
  readonly #maxBytes: number;
  constructor(maxBytes: number) {
    super();
    this.#maxBytes = maxBytes;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void): void {
    this.size += chunk.length;
    if (this.size > this.#maxBytes) {
      done(new AppError('PAYLOAD_TOO_LARGE', M.uploadTooLarge));
      return;
    }
    if (this.head.length < LEARNING_UPLOAD_SNIFF_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, LEARNING_UPLOAD_SNIFF_BYTES - this.head.length)]);
    done(null, chunk);
  }
}

export type IncomingFile = { fileName: string; stream: Readable; truncated: () => boolean };

/**
 * Stores an admin's upload: streamed to a temporary file in UPLOADS_DIR (never held in memory),
 * its kind read from its first bytes (an HTML page named .mp4 is refused), then renamed to a
 * server-made name and recorded. A refused or failed upload leaves no file behind.
 */
export async function storeLearningUpload(db: Database, clock: Clock, config: Pick<AppConfig, 'uploadsDir' | 'learningUploadMaxBytes'>, actorId: string, file: IncomingFile): Promise<LearningUpload> {
  const dir = learningUploadsDir(config);
  await mkdir(dir, { recursive: true });
  const id = randomUUID();
  const incoming = join(dir, `.incoming-${id}`);
  const meter = new HeadAndSize(learningUploadMaxBytes(config));
  let storedPath: string | undefined;
  try {
    await pipeline(file.stream, meter, createWriteStream(incoming, { flags: 'wx', mode: 0o640 }));
    if (file.truncated()) throw new AppError('PAYLOAD_TOO_LARGE', M.uploadTooLarge);
    if (meter.size === 0) throw new AppError('VALIDATION', M.uploadEmpty);
    const mimeType = sniffLearningUpload(meter.head);
    const originalName = displayUploadName(file.fileName);
    if (!mimeType || !learningUploadNameAgrees(originalName, mimeType)) throw new AppError('VALIDATION', M.uploadWrongType);
    const storedName = learningStoredName(id, mimeType);
    storedPath = join(dir, storedName);
    await rename(incoming, storedPath);
    const row = await db.transaction(async (tx) => {
      const inserted = await insertUpload(tx, { id, storedName, originalName, mimeType, sizeBytes: meter.size, createdBy: actorId, now: clock.now() });
      // A file no module uses a day later (the dialog was cancelled) is swept, row and file.
      await enqueueJob(tx, clock, {
        name: LEARNING_UPLOAD_SWEEP_JOB,
        payload: { uploadId: inserted.id },
        runAt: new Date(clock.now().getTime() + LEARNING_UPLOAD_SWEEP_DELAY_MS),
        dedupeKey: `learning-upload-sweep:${inserted.id}`,
      });
      await recordAudit(tx, clock, { actorId, action: 'upload_stored', target: inserted.id, details: { name: originalName, mime_type: mimeType, size_bytes: meter.size } });
      return inserted;
    });
    return { id: row.id, original_name: row.originalName, mime_type: row.mimeType, size_bytes: Number(row.sizeBytes), created_at: row.createdAt.toISOString() };
  } catch (error) {
    await rm(incoming, { force: true });
    if (storedPath) await rm(storedPath, { force: true });
    // Drain what the client still sends, so the answer is not cut off by an unread body.
    file.stream.resume();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', M.uploadTooLarge);
    if (error instanceof AppError) throw error;
    // An error of the file's own stream is about the body the client sent (cut off before its
    // closing boundary, malformed part headers), not a failure of this server.
    if (error === file.stream.errored) throw new AppError('VALIDATION', M.uploadMalformed);
    throw error;
  }
}
