/**
 * The lead hub's seven stages (spec 2 section 4, DESIGN.md section 3 item 5), in pipeline order.
 * Any stage may change to any other.
 */
export const LEAD_STAGES = ['new', 'interested', 'qualified', 'positive', 'itb', 'closed', 'lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New',
  interested: 'Interested',
  qualified: 'Qualified',
  positive: 'Positive',
  itb: 'In the Bag',
  closed: 'Closed',
  lost: 'Lost',
};

/** Mantine colour names, one per stage; the web app and any other screen show the same colours. */
export const LEAD_STAGE_COLORS: Record<LeadStage, string> = {
  new: 'gray',
  interested: 'blue',
  qualified: 'cyan',
  positive: 'teal',
  itb: 'grape',
  closed: 'green',
  lost: 'red',
};

/**
 * "Qualified+": a lead that reached qualified or a later stage of the pipeline and is not lost
 * (docs/decisions: lead hub).
 */
export const QUALIFIED_PLUS_STAGES: readonly LeadStage[] = ['qualified', 'positive', 'itb', 'closed'];

/** The stage of a lead added by hand when the form does not say otherwise (lead hub). */
export const DEFAULT_LEAD_STAGE: LeadStage = 'new';

/** The stage of an imported row without a Stage cell, unless the import asks for another (spec 2 section 4). */
export const DEFAULT_IMPORT_STAGE: LeadStage = 'qualified';

/**
 * Lead hub sources (spec 2 section 4), and `csv_import`: a lead imported from a file that names no
 * source says it was imported rather than "Manual" (issue 26).
 */
export const LEAD_SOURCES = ['manual', 'website', 'referral', 'linkedin', 'facebook', 'google', 'event', 'cold_call', 'email', 'other', 'csv_import'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  manual: 'Manual',
  website: 'Website',
  referral: 'Referral',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  google: 'Google',
  event: 'Event',
  cold_call: 'Cold Call',
  email: 'Email',
  other: 'Other',
  csv_import: 'CSV import',
};

export const DEFAULT_LEAD_SOURCE: LeadSource = 'manual';

/** The source of an imported row whose Source cell is empty or missing. */
export const DEFAULT_IMPORT_SOURCE: LeadSource = 'csv_import';

/** Lower-case letters and digits only: "Cold Call", "cold-call" and "cold_call" read the same. */
function looseKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const STAGE_BY_KEY = new Map<string, LeadStage>(
  LEAD_STAGES.flatMap((stage) => [
    [looseKey(stage), stage],
    [looseKey(LEAD_STAGE_LABELS[stage]), stage],
  ]),
);
const SOURCE_BY_KEY = new Map<string, LeadSource>(
  LEAD_SOURCES.flatMap((source) => [
    [looseKey(source), source],
    [looseKey(LEAD_SOURCE_LABELS[source]), source],
  ]),
);

/** A stage given as its value ("itb") or its label ("In the Bag"), any case; undefined when unknown. */
export function parseLeadStage(text: string): LeadStage | undefined {
  return STAGE_BY_KEY.get(looseKey(text));
}

/** A source given as its value ("cold_call") or its label ("Cold Call"), any case; undefined when unknown. */
export function parseLeadSource(text: string): LeadSource | undefined {
  return SOURCE_BY_KEY.get(looseKey(text));
}
