import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, LEARNING_ADMIN_MESSAGES as M, learningPaths, LearningUploadResponseSchema } from '@myeai/domain';
import { zodRoutes } from '../../module-routes.ts';
import { learningUploadMaxBytes, storeLearningUpload, type IncomingFile } from './learning-uploads.service.ts';

const UPLOADS_PER_HOUR = 60;
/** Room for the multipart boundary and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Module admin uploads (issue 20 item 4): an MP4/WebM video or a PDF, one file per request, admins only. */
export async function learningUploadsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  const maxBytes = learningUploadMaxBytes(deps.config);
  // Registered here, so multipart parsing exists only for this module's route.
  await root.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });

  app.post(learningPaths.adminUploads, {
    config: {
      access: 'admin',
      rateLimit: { max: UPLOADS_PER_HOUR, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: (request) => `learning-upload:${request.user?.id ?? request.ip}` },
    },
    bodyLimit: maxBytes + MULTIPART_OVERHEAD_BYTES,
    // The multipart parser streams the body without Fastify's body limit: a declared length over
    // the cap is refused here, after the access guard and before a byte of the file is read.
    preParsing: async (request, _reply, payload) => {
      if (Number(request.headers['content-length']) > maxBytes + MULTIPART_OVERHEAD_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', M.uploadTooLarge);
      return payload;
    },
    schema: {
      tags: ['learning'],
      summary: 'Upload a learning video (MP4 or WebM) or PDF (multipart: file). The kind is read from the content; the stored name is the server’s.',
      consumes: ['multipart/form-data'],
      response: { 201: LearningUploadResponseSchema },
    },
    handler: async (request, reply) => {
      const file = await readFile(request);
      const upload = await storeLearningUpload(deps.db, deps.clock, deps.config, request.user!.id, file);
      return reply.status(201).send({ status: 'success' as const, upload });
    },
  });
}

async function readFile(request: FastifyRequest): Promise<IncomingFile> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', 'Send the file as multipart/form-data in the field "file".');
  let part;
  try {
    part = await request.file();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', M.uploadTooLarge);
    throw new AppError('VALIDATION', 'Send one file in the field "file".');
  }
  if (!part || part.fieldname !== 'file') throw new AppError('VALIDATION', 'Send one file in the field "file".');
  const stream = part.file;
  return { fileName: part.filename, stream, truncated: () => stream.truncated };
}
