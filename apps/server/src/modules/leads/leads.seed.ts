import type { Database } from '@myeai/db';
import { CreateLeadInputSchema, LEAD_STAGES, type LeadSource, type LeadStage } from '@myeai/domain';
import type { Clock } from '../../clock.ts';
import { announceLeadStageChanges } from './leads.events.ts';
import { ownerHasLeads } from './leads-demo.queries.ts';
import { insertLeads, type NewLeadRow } from './leads.queries.ts';

const DAY_MS = 86_400_000;

const FIRST = ['Olivia', 'Liam', 'Maya', 'Noah', 'Chloe', 'Ethan', 'Zara', 'Lucas', 'Amara', 'Mateo', 'Ines', 'Kenji', 'Leila', 'Oscar', 'Priya', 'Tomas'];
const LAST = ['Bennett', 'Okafor', 'Schmidt', 'Rossi', 'Nakamura', 'Haddad', 'Silva', 'Novak', 'Larsen', 'Moreau', 'Kowalski', 'Reyes'];
const COMPANIES = ['Brightside Studio', 'Northwind Traders', 'Peak Fitness', 'Blue Harbor Realty', null, 'Cedar & Co', 'Lumen Labs', null, 'Atlas Coaching', 'Greenleaf Cafe'];
const SOURCES: LeadSource[] = ['website', 'referral', 'linkedin', 'facebook', 'event', 'email', 'google', 'manual', 'cold_call', 'other'];
const NOTES: Partial<Record<LeadStage, string>> = {
  interested: 'Asked for the course outline; follow up with the quick-start checklist.',
  qualified: 'Has a budget this quarter; wants a call next week.',
  positive: 'Liked the demo; comparing with one other offer.',
  itb: 'Ready to buy; waiting on the partner to sign off.',
  closed: 'Bought the Growth CRM Pro plan.',
  lost: 'Chose another provider for now; check in again in three months.',
};

/** How many leads each stage holds: every stage has some, most sit early in the pipeline. */
const STAGE_COUNTS: Record<LeadStage, number> = { new: 7, interested: 6, qualified: 5, positive: 4, itb: 3, closed: 4, lost: 3 };

/** The `count` demo leads of one owner, numbered from `offset` so two owners' leads have different names. */
function demoLeads(count: number, offset: number, now: number): Omit<NewLeadRow, 'userId'>[] {
  const stages = LEAD_STAGES.flatMap((stage) => Array.from({ length: STAGE_COUNTS[stage] }, () => stage));
  return Array.from({ length: count }, (_, index) => {
    const n = index + offset;
    const first = FIRST[n % FIRST.length]!;
    const last = LAST[(n * 7) % LAST.length]!;
    const stage = stages[Math.floor((index * stages.length) / count)]!;
    // Older leads sit further along the pipeline; the newest arrived yesterday.
    const createdAt = new Date(now - (1 + ((index * 53) % 58)) * DAY_MS - (n % 9) * 3_600_000);
    const lastContact = stage === 'new' ? null : new Date(Math.min(now - DAY_MS / 2, createdAt.getTime() + (2 + (n % 6)) * DAY_MS));
    const input = CreateLeadInputSchema.parse({
      name: `${first} ${last}`,
      email: `${first}.${last}.${n}@example.com`.toLowerCase(),
      phone: n % 3 === 0 ? null : `+1 415 555 ${String(100 + n).padStart(4, '0')}`,
      company: COMPANIES[n % COMPANIES.length],
      notes: NOTES[stage] ?? null,
      stage,
      source: SOURCES[n % SOURCES.length],
      value_cents: [4_900, 19_900, 49_900, 9_999][n % 4]! * (1 + (n % 3)),
      last_contact_at: lastContact?.toISOString() ?? null,
    });
    return {
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      source: input.source,
      stage: input.stage,
      valueCents: input.value_cents,
      notes: input.notes,
      lastContactAt: input.last_contact_at ? new Date(input.last_contact_at) : null,
      createdAt,
      updatedAt: lastContact ?? createdAt,
    };
  });
}

/**
 * The demo pipeline of one owner (issue 26 item 7): `count` leads over all seven stages, each
 * checked by the create schema, written in one statement and announced like an import (created
 * leads announce nothing: a lead created closed is history, not news). An owner who ever had a
 * lead is left alone.
 */
export async function seedLeadsDemo(db: Database, clock: Clock, ownerId: string, count: number, offset = 0): Promise<void> {
  if (await ownerHasLeads(db, ownerId)) return;
  const rows = demoLeads(count, offset, clock.now().getTime()).map((row) => ({ ...row, userId: ownerId }));
  await db.transaction(async (tx) => {
    const inserted = await insertLeads(tx, rows);
    await announceLeadStageChanges(tx, inserted.map((row) => ({ userId: ownerId, leadId: row.id, leadName: row.name, from: null, to: row.stage, at: row.createdAt })));
  });
}
