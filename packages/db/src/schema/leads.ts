import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from './columns.ts';
import { LEAD_STAGES } from '@myeai/domain';
import { users } from './users.ts';

/** The domain's stages (LEAD_STAGES), declared in pipeline order, so ORDER BY stage sorts new -> lost and an index serves it. */
export const leadStage = pgEnum('lead_stage', LEAD_STAGES);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A lead of the lead hub, owned by one user. Every query filters by user_id first; each index
 * starts with it and serves one sort order of the owner's list (both directions).
 */
export const leads = pgTable(
  'leads',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    source: text('source').notNull(),
    stage: leadStage('stage').notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
    notes: text('notes'),
    lastContactAt: timestamptz('last_contact_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    /**
     * The words of name, e-mail and company (punctuation split, so "ada@engines.io" gives ada,
     * engines, io) for the hub's search: each typed word matches the start of a word, through a
     * GIN index rather than a scan of the owner's leads.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, regexp_replace(name || ' ' || email || ' ' || coalesce(company, ''), '[^[:alnum:]]+', ' ', 'g'))`,
    ),
  },
  (t) => [
    uniqueIndex('leads_user_email_key').on(t.userId, sql`lower(${t.email})`),
    index('leads_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('leads_search_idx').using('gin', t.searchVector),
    index('leads_user_stage_created_idx').on(t.userId, t.stage, t.createdAt, t.id),
    // Ties (many leads share a value of 0 or "Never") are ordered by creation time.
    index('leads_user_name_created_idx').on(t.userId, sql`lower(${t.name})`, t.createdAt, t.id),
    index('leads_user_value_created_idx').on(t.userId, t.valueCents, t.createdAt, t.id),
    // NULLS FIRST: ascending puts "Never" first, descending (a backward scan) puts it last.
    index('leads_user_last_contact_created_idx').on(t.userId, t.lastContactAt.asc().nullsFirst(), t.createdAt, t.id),
  ],
);

/**
 * Lead count and value per owner and stage, kept by statement-level triggers on `leads`
 * (migration leads_stage_totals), so the stat cards, the board headers and the list total read a
 * few rows however many leads a user has.
 */
export const leadStageTotals = pgTable(
  'lead_stage_totals',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    stage: leadStage('stage').notNull(),
    leadCount: integer('lead_count').notNull().default(0),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stage] })],
);
