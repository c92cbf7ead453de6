import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { zodRoutes } from '../../module-routes.ts';
import {
  AppError,
  CreateLeadInputSchema,
  CSV_IMPORT_MAX_BYTES,
  CSV_MESSAGES,
  DeleteLeadResponseSchema,
  ImportCsvOptionsSchema,
  ImportCsvResponseSchema,
  LeadFilterQuerySchema,
  LeadIdParamsSchema,
  LeadListResponseSchema,
  LeadSchema,
  leadsPaths,
  ListLeadsQuerySchema,
  UpdateLeadInputSchema,
  UpdateLeadStageInputSchema,
  type ImportCsvOptions,
} from '@myeai/domain';
import { ReadCache, sendJsonBody, userChangeFeedFor, validatedJsonBody } from '../changes/index.ts';
import { exportLeadsCsv, LEAD_TEMPLATE_CSV } from './leads-csv.ts';
import { importLeadsCsv, type CsvUpload } from './leads-import.service.ts';
import { changeLeadStage, createLead, deleteLead, getLead, listLeads, updateLead } from './leads.service.ts';

/** Imports per user per hour (ASVS 2.4.1); a 1,000-row file each is plenty for real use. */
export const IMPORTS_PER_HOUR = 60;

/**
 * The lead hub (spec 2): every route is for affiliates and admins ('affiliateTools') and every
 * query is scoped to the signed-in owner, so another user's lead answers 404.
 */
export async function leadsRoutes(root: FastifyInstance): Promise<void> {
  const { app, deps } = zodRoutes(root);
  // Registered here, so multipart parsing exists only for this module's routes.
  await root.register(multipart, { limits: { fileSize: CSV_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 64 * 1024 } });
  const ownerId = (request: FastifyRequest) => request.user!.id;
  // List pages as sent, per owner and query, until any of the owner's data changes.
  const pages = new ReadCache<Buffer>(userChangeFeedFor(deps), { maxEntries: 20_000, ttlMs: 60_000 });

  app.get(leadsPaths.list, {
    config: { access: 'affiliateTools' },
    schema: { tags: ['leads'], querystring: ListLeadsQuerySchema, response: { 200: LeadListResponseSchema } },
    handler: async (request, reply) => {
      const userId = ownerId(request);
      const body = await pages.readForUser(userId, `leads ${JSON.stringify(request.query)}`, deps.clock.now(), async () =>
        validatedJsonBody(LeadListResponseSchema, await listLeads(deps.db, userId, request.query)),
      );
      return sendJsonBody(reply, body);
    },
  });

  app.post(leadsPaths.list, {
    config: { access: 'affiliateTools' },
    schema: { tags: ['leads'], body: CreateLeadInputSchema, response: { 201: LeadSchema } },
    handler: async (request, reply) => reply.status(201).send(await createLead(deps.db, deps.clock, ownerId(request), request.body)),
  });

  app.get(leadsPaths.one, {
    config: { access: 'affiliateTools' },
    schema: { tags: ['leads'], params: LeadIdParamsSchema, response: { 200: LeadSchema } },
    handler: async (request) => getLead(deps.db, ownerId(request), request.params.id),
  });

  app.put(leadsPaths.one, {
    config: { access: 'affiliateTools' },
    schema: { tags: ['leads'], params: LeadIdParamsSchema, body: UpdateLeadInputSchema, response: { 200: LeadSchema } },
    handler: async (request) => updateLead(deps.db, deps.clock, ownerId(request), request.params.id, request.body),
  });

  app.patch(leadsPaths.stage, {
    config: { access: 'affiliateTools' },
    schema: { tags: ['leads'], params: LeadIdParamsSchema, body: UpdateLeadStageInputSchema, response: { 200: LeadSchema } },
    handler: async (request) => changeLeadStage(deps.db, deps.clock, ownerId(request), request.params.id, request.body.stage),
  });

  app.delete(leadsPaths.one, {
    config: { access: 'affiliateTools' },
    schema: { tags: ['leads'], params: LeadIdParamsSchema, response: { 200: DeleteLeadResponseSchema } },
    handler: async (request) => {
      await deleteLead(deps.db, ownerId(request), request.params.id);
      return { status: 'deleted' as const, id: request.params.id };
    },
  });

  app.get(leadsPaths.csvTemplate, {
    config: { access: 'affiliateTools' },
    schema: { tags: ['leads'], summary: 'leads_template.csv: the import columns and one example row' },
    handler: async (_request, reply) => csvDownload(reply, 'leads_template.csv').send(LEAD_TEMPLATE_CSV),
  });

  app.get(leadsPaths.csvExport, {
    config: { access: 'affiliateTools' },
    schema: { tags: ['leads'], summary: 'The filtered lead list as CSV', querystring: LeadFilterQuerySchema },
    handler: async (request, reply) => {
      const csv = await exportLeadsCsv(deps.db, ownerId(request), request.query);
      const date = deps.clock.now().toISOString().slice(0, 10);
      return csvDownload(reply, `leads-${date}.csv`).send(csv);
    },
  });

  app.post(leadsPaths.csvImport, {
    config: {
      access: 'affiliateTools',
      rateLimit: { max: IMPORTS_PER_HOUR, timeWindow: '1 hour', hook: 'preHandler', keyGenerator: (request) => `leads-import:${request.user?.id ?? request.ip}` },
    },
    schema: {
      tags: ['leads'],
      summary: 'Import leads from a CSV file (multipart: file, and optional mapping, on_duplicate, default_stage)',
      consumes: ['multipart/form-data'],
      response: { 200: ImportCsvResponseSchema },
    },
    handler: async (request) => {
      const { upload, options } = await readImportRequest(request);
      return importLeadsCsv(deps.db, deps.clock, ownerId(request), upload, options);
    },
  });
}

function csvDownload<R extends { header: (name: string, value: string) => R }>(reply: R, fileName: string): R {
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store');
}

const MULTIPART_LIMIT_CODES = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/** The multipart body: one file in `file` (at most 2 MB, checked while it streams in) and the option fields. */
async function readImportRequest(request: FastifyRequest): Promise<{ upload: CsvUpload; options: ImportCsvOptions }> {
  if (!request.isMultipart()) throw new AppError('VALIDATION', CSV_MESSAGES.noFile);
  const fields: Record<string, string> = {};
  let upload: CsvUpload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'file') throw new AppError('VALIDATION', 'Send the CSV file in the field "file".');
        upload = { fileName: part.filename, bytes };
      } else {
        if (part.valueTruncated) throw new AppError('VALIDATION', `The field "${part.fieldname}" is too long.`);
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', CSV_MESSAGES.tooLarge);
    if (code && MULTIPART_LIMIT_CODES.has(code)) throw new AppError('VALIDATION', 'Send one CSV file in the field "file" and at most the fields mapping, on_duplicate and default_stage.');
    // Anything else the multipart parser raises is about the body the client sent (cut off, no
    // boundary, malformed part headers): the parser has no failure of its own to report.
    throw new AppError('VALIDATION', CSV_MESSAGES.malformedUpload);
  }
  if (!upload) throw new AppError('VALIDATION', CSV_MESSAGES.noFile);
  return { upload, options: parseImportOptions(fields) };
}

function parseImportOptions(fields: Record<string, string>): ImportCsvOptions {
  let mapping: unknown;
  if (fields.mapping !== undefined && fields.mapping !== '') {
    try {
      mapping = JSON.parse(fields.mapping);
    } catch {
      throw new AppError('VALIDATION', 'The column mapping is not valid JSON.');
    }
  }
  const parsed = ImportCsvOptionsSchema.safeParse({
    mapping,
    on_duplicate: fields.on_duplicate || undefined,
    default_stage: fields.default_stage || undefined,
  });
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new AppError('VALIDATION', `Invalid import options: ${details[0]?.path} ${details[0]?.message}`, details);
  }
  return parsed.data;
}
