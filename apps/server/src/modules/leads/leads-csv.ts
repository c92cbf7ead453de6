import {
  centsToDollarText,
  LEAD_CSV_TEMPLATE_EXAMPLE,
  LEAD_CSV_TEMPLATE_HEADERS,
  LEAD_SOURCE_LABELS,
  LEAD_STAGE_LABELS,
  toCsv,
  UTF8_BOM,
  type LeadFilterQuery,
} from '@myeai/domain';
import type { DbOrTx } from '@myeai/db';
import { selectAllLeads } from './leads.queries.ts';

/** The template download: the spec's columns and one example row (static). */
export const LEAD_TEMPLATE_CSV = toCsv([LEAD_CSV_TEMPLATE_HEADERS, LEAD_CSV_TEMPLATE_EXAMPLE]);

const EXPORT_HEADERS = ['Name', 'Email', 'Phone', 'Company', 'Source', 'Value', 'Notes', 'Stage', 'Last Contact', 'Created', 'Updated'];

/**
 * The owner's leads matching the list's filters, in its order, as CSV that imports back as it
 * is (Value in dollars, labels for stage and source), every cell formula-safe, with a UTF-8 BOM
 * so that Excel reads accents right.
 */
export async function exportLeadsCsv(db: DbOrTx, userId: string, filter: LeadFilterQuery): Promise<string> {
  const rows = await selectAllLeads(db, userId, { ...filter, q: filter.q || undefined });
  const body = rows.map((lead) => [
    lead.name,
    lead.email,
    lead.phone ?? '',
    lead.company ?? '',
    LEAD_SOURCE_LABELS[lead.source as keyof typeof LEAD_SOURCE_LABELS] ?? lead.source,
    centsToDollarText(lead.valueCents),
    lead.notes ?? '',
    LEAD_STAGE_LABELS[lead.stage],
    lead.lastContactAt?.toISOString() ?? '',
    lead.createdAt.toISOString(),
    lead.updatedAt.toISOString(),
  ]);
  return UTF8_BOM + toCsv([EXPORT_HEADERS, ...body]);
}
