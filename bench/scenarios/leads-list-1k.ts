import type { BenchContext, BenchUser } from '../lib/scenario.ts';
import { defineScenario, ratioAtLeast, unchangedSettingsSave } from '../lib/scenario.ts';

/**
 * A new affiliate with `leadCount` leads, written with one INSERT ... SELECT generate_series, so
 * the statement-level triggers (stage totals, per-day activity) fire once for the whole batch.
 * Seven stages in turn, values 0-4,900 dollars, every third lead never contacted, created over
 * the last 365 days.
 */
export async function createLeadOwner(ctx: BenchContext, leadCount: number, name: string): Promise<BenchUser> {
  const user = await ctx.createUser({ roles: ['affiliate'], name });
  ctx.log(`${name}: ${leadCount.toLocaleString('en-US')} leads`);
  await ctx.sql(
    `insert into leads (user_id, name, email, phone, company, source, stage, value_cents, notes, last_contact_at, created_at, updated_at)
     select $1, 'Lead ' || g, 'lead-' || g || '@list.example', '+1555' || lpad((g % 10000000)::text, 7, '0'), 'Company ' || (g % 500), 'manual',
            (array['new','interested','qualified','positive','itb','closed','lost'])[1 + g % 7]::lead_stage,
            (g % 50) * 10000, null,
            case when g % 3 = 0 then null else $2::timestamptz - ((g % 90) || ' days')::interval end,
            $2::timestamptz - ((g % 365) || ' days')::interval - ((g % 1440) || ' minutes')::interval,
            $2::timestamptz - ((g % 365) || ' days')::interval
     from generate_series(1, $3::int) g`,
    [user.id, new Date().toISOString(), leadCount],
  );
  await ctx.sql('analyze leads');
  await ctx.sql('analyze lead_stage_totals');
  return user;
}

/** Issue 4: the lead hub's first page for an affiliate with 1,000 leads (the baseline of the 100,000-lead scenario). */
export const scenario = defineScenario({
  name: 'leads-list-1k',
  description: 'GET /api/leads?page=1 for an affiliate with 1,000 leads',
  setup: async (ctx) => {
    const user = await createLeadOwner(ctx, 1_000, 'Leads 1k');
    return { method: 'GET', path: '/api/leads?page=1', headers: { cookie: user.cookie }, invalidatedBy: await unchangedSettingsSave(ctx, user) };
  },
  targets: [ratioAtLeast(0.2), ratioAtLeast(0.5, { isAim: true })],
});
