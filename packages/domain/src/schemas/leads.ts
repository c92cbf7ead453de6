import { z } from 'zod';
import { CSV_IGNORE, LEAD_CSV_FIELDS } from '../leads/lead-csv-columns.ts';
import {
  LEAD_COMPANY_MAX,
  LEAD_EMAIL_MAX,
  LEAD_MESSAGES,
  LEAD_NAME_MAX,
  LEAD_NOTES_MAX,
  LEAD_VALUE_MAX_CENTS,
  isValidPhone,
  parseDollarAmount,
} from '../leads/lead-rules.ts';
import { DEFAULT_IMPORT_STAGE, DEFAULT_LEAD_SOURCE, DEFAULT_LEAD_STAGE, LEAD_SOURCES, LEAD_STAGES } from '../leads/lead-stages.ts';

/** The lead hub's API paths (server route templates; the web app fills them with apiPath). */
export const leadsPaths = {
  list: '/api/leads',
  one: '/api/leads/:id',
  stage: '/api/leads/:id/stage',
  csvTemplate: '/api/leads/template/csv',
  csvExport: '/api/leads/export/csv',
  csvImport: '/api/leads/import/csv',
} as const;

export const LeadStageSchema = z.enum(LEAD_STAGES);
export const LeadSourceSchema = z.enum(LEAD_SOURCES);

export const LeadNameSchema = z.string(LEAD_MESSAGES.nameRequired).trim().min(1, LEAD_MESSAGES.nameRequired).max(LEAD_NAME_MAX, LEAD_MESSAGES.nameTooLong);
/** Stored as typed (trimmed); uniqueness per owner ignores case. */
export const LeadEmailSchema = z
  .string(LEAD_MESSAGES.emailRequired)
  .trim()
  .min(1, LEAD_MESSAGES.emailRequired)
  .pipe(z.email(LEAD_MESSAGES.emailInvalid).max(LEAD_EMAIL_MAX, LEAD_MESSAGES.emailInvalid));

/** Optional text: blank becomes null. */
function optionalText(max: number, message: string) {
  return z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));
}

export const LeadPhoneSchema = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isValidPhone(value), LEAD_MESSAGES.phoneInvalid);

export const LeadValueCentsSchema = z
  .number(LEAD_MESSAGES.valueNotNumber)
  .int(LEAD_MESSAGES.valueDecimals)
  .min(0, LEAD_MESSAGES.valueNegative)
  .max(LEAD_VALUE_MAX_CENTS, LEAD_MESSAGES.valueTooLarge);

const leadFields = {
  name: LeadNameSchema,
  email: LeadEmailSchema,
  phone: LeadPhoneSchema,
  company: optionalText(LEAD_COMPANY_MAX, LEAD_MESSAGES.companyTooLong),
  notes: optionalText(LEAD_NOTES_MAX, LEAD_MESSAGES.notesTooLong),
  last_contact_at: z.iso.datetime({ offset: true, error: 'Last contact must be a date and time' }).nullish().transform((value) => value ?? null),
};

/** POST /api/leads (spec 2 section 7: name, email, phone, stage, source, notes, company, value). Unknown keys are refused. */
export const CreateLeadInputSchema = z.strictObject({
  ...leadFields,
  stage: LeadStageSchema.default(DEFAULT_LEAD_STAGE),
  source: LeadSourceSchema.default(DEFAULT_LEAD_SOURCE),
  value_cents: LeadValueCentsSchema.default(0),
});
export type CreateLeadInput = z.infer<typeof CreateLeadInputSchema>;

/** PUT /api/leads/:id replaces the editable fields; owner, id and dates are never taken from the body. */
export const UpdateLeadInputSchema = z.strictObject({
  ...leadFields,
  stage: LeadStageSchema,
  source: LeadSourceSchema,
  value_cents: LeadValueCentsSchema,
});
export type UpdateLeadInput = z.infer<typeof UpdateLeadInputSchema>;

export const UpdateLeadStageInputSchema = z.strictObject({ stage: LeadStageSchema });

export const LeadIdParamsSchema = z.object({ id: z.uuid('Unknown lead.') });

export const LeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  source: LeadSourceSchema,
  stage: LeadStageSchema,
  value_cents: z.number().int(),
  notes: z.string().nullable(),
  last_contact_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof LeadSchema>;

export const LEAD_SORTS = ['created_at', 'name', 'value', 'stage', 'last_contact'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const LEAD_PAGE_SIZE_DEFAULT = 25;
export const LEAD_PAGE_SIZE_MAX = 100;

/** Filters shared by the list and the export. */
export const LeadFilterQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search at most 100 characters').optional(),
  stage: LeadStageSchema.optional(),
  sort: z.enum(LEAD_SORTS).default('created_at'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type LeadFilterQuery = z.infer<typeof LeadFilterQuerySchema>;

export const ListLeadsQuerySchema = LeadFilterQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(LEAD_PAGE_SIZE_MAX).default(LEAD_PAGE_SIZE_DEFAULT),
});
export type ListLeadsQuery = z.infer<typeof ListLeadsQuerySchema>;

export const StageTotalSchema = z.object({ stage: LeadStageSchema, count: z.number().int(), value_cents: z.number().int() });

/** The stat cards, over all of the user's leads whatever the filters (docs/decisions: lead hub). */
export const LeadStatsSchema = z.object({
  total_leads: z.number().int(),
  qualified_plus: z.number().int(),
  total_value_cents: z.number().int(),
  closed: z.number().int(),
  conversion_percent: z.number(),
  by_stage: z.array(StageTotalSchema),
});

export const LeadListResponseSchema = z.object({
  items: z.array(LeadSchema),
  /** Leads matching the filters. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  stats: LeadStatsSchema,
});
export type LeadListResponse = z.infer<typeof LeadListResponseSchema>;

export const DeleteLeadResponseSchema = z.object({ status: z.literal('deleted'), id: z.string() });

// --- CSV import ---------------------------------------------------------------------------

export const CsvColumnTargetSchema = z.enum([...LEAD_CSV_FIELDS, CSV_IGNORE]);

/** The form fields sent beside `file` in POST /api/leads/import/csv. */
export const ImportCsvOptionsSchema = z.object({
  /** {file header: lead field or "ignore"} from the preview dialog; without it headers are matched by name. */
  mapping: z.record(z.string().max(200), CsvColumnTargetSchema).optional(),
  /** What to do with a row whose e-mail is already one of the user's leads. */
  on_duplicate: z.enum(['skip', 'update']).default('skip'),
  /** Stage of a created lead whose row has no Stage cell. */
  default_stage: LeadStageSchema.default(DEFAULT_IMPORT_STAGE),
});
export type ImportCsvOptions = z.infer<typeof ImportCsvOptionsSchema>;

export const IMPORT_ROW_STATUSES = ['created', 'updated', 'skipped_invalid', 'skipped_duplicate'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const ImportRowResultSchema = z.object({
  /** Line of the file where the record starts (the header is line 1). */
  row: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  reason: z.string().nullable(),
  /** The record's cells as read, for the rejected-rows download (skipped rows only). */
  values: z.array(z.string()).nullable(),
});
export type ImportRowResult = z.infer<typeof ImportRowResultSchema>;

export const ImportCsvResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  results: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    skipped_invalid: z.number().int(),
    skipped_duplicates: z.number().int(),
  }),
  headers: z.array(z.string()),
  rows: z.array(ImportRowResultSchema),
});
export type ImportCsvResponse = z.infer<typeof ImportCsvResponseSchema>;

// --- The add and edit dialogs ------------------------------------------------------------

/**
 * The lead dialog's fields as typed (value in dollars). Parsing gives the API body, or the
 * messages to show under each field.
 */
export const LeadFormSchema = z.object({
  name: LeadNameSchema,
  email: LeadEmailSchema,
  phone: LeadPhoneSchema,
  company: optionalText(LEAD_COMPANY_MAX, LEAD_MESSAGES.companyTooLong),
  notes: optionalText(LEAD_NOTES_MAX, LEAD_MESSAGES.notesTooLong),
  stage: LeadStageSchema,
  source: LeadSourceSchema,
  value: z.string().transform((text, ctx) => {
    if (text.trim() === '') return 0;
    const amount = parseDollarAmount(text);
    if (amount.ok) return amount.cents;
    ctx.addIssue({ code: 'custom', message: amount.message });
    return z.NEVER;
  }),
  last_contact_date: z
    .string()
    .trim()
    .refine((text) => text === '' || /^\d{4}-\d{2}-\d{2}$/.test(text), 'Last contact must be a date'),
});
export type LeadFormValues = z.input<typeof LeadFormSchema>;
