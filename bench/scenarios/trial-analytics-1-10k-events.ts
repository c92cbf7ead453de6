import type { BenchContext } from '../lib/scenario.ts';
import { defineScenario } from '../lib/scenario.ts';

export const TRIAL_USERS = 2000;

/**
 * Issue 6 data: 2,000 trials started over the last 14 days (every fifth converted), and tracked
 * events of their users until `events` exist, with the per-day counters the app keeps rebuilt
 * from them. Idempotent: a second call only adds the missing events.
 */
export async function ensureTrialData(ctx: BenchContext, events: number): Promise<void> {
  const [{ n: trials }] = (await ctx.sql('select count(*)::int as n from trials')).rows as [{ n: number }];
  if (trials === 0) {
    ctx.log(`trials: ${TRIAL_USERS}`);
    await ctx.sql(
      `insert into trials (user_id, status, started_at, ends_at, converted_at, created_at)
       select u.id,
              case when u.rn % 5 = 0 then 'converted' when now() - ((u.rn % 14) || ' days')::interval + interval '7 days' > now() then 'active' else 'expired' end,
              now() - ((u.rn % 14) || ' days')::interval,
              now() - ((u.rn % 14) || ' days')::interval + interval '7 days',
              case when u.rn % 5 = 0 then now() - ((u.rn % 14) || ' days')::interval + interval '5 days' end,
              now() - ((u.rn % 14) || ' days')::interval
       from (select id, row_number() over (order by id) as rn from users where id <> $2 limit $1) u`,
      [TRIAL_USERS, ctx.benchUser.id],
    );
  }
  const [{ n: existing }] = (await ctx.sql('select count(*)::int as n from usage_events')).rows as [{ n: number }];
  if (existing >= events) return;
  ctx.log(`usage events: ${existing} -> ${events}`);
  await ctx.sql(
    `insert into usage_events (user_id, event_type, component, time_spent_ms, created_at)
     select t.user_id,
            (array['session_start', 'page_view', 'action', 'feature_access'])[1 + g % 4],
            'dashboard',
            case when g % 4 = 1 then 2000 + g % 60000 end,
            least(now(), t.started_at + ((g % 7) || ' days')::interval + ((g % 86400) || ' seconds')::interval)
     from generate_series($1::int + 1, $2::int) g
     join (select user_id, started_at, row_number() over (order by user_id) - 1 as rn from trials) t on t.rn = g % $3`,
    [existing, events, TRIAL_USERS],
  );
  await ctx.sql(
    `insert into usage_daily (user_id, day, sessions, page_views, actions, feature_accesses, time_spent_ms)
     select user_id, (created_at at time zone 'UTC')::date,
            count(*) filter (where event_type = 'session_start'), count(*) filter (where event_type = 'page_view'),
            count(*) filter (where event_type = 'action'), count(*) filter (where event_type = 'feature_access'),
            coalesce(sum(time_spent_ms) filter (where event_type = 'page_view'), 0)
     from usage_events group by 1, 2
     on conflict (user_id, day) do update set sessions = excluded.sessions, page_views = excluded.page_views,
       actions = excluded.actions, feature_accesses = excluded.feature_accesses, time_spent_ms = excluded.time_spent_ms`,
  );
  await ctx.sql('analyze trials; analyze usage_daily; analyze usage_events');
}

/** Issue 6: the admin's trial analytics with 10,000 stored usage events (the base of the 1,000,000 comparison). */
export const scenario = defineScenario({
  name: 'trial-analytics-10k-events',
  description: 'GET /api/rbac/admin/trial-analytics: 2,000 trials, 10,000 stored usage events',
  setup: async (ctx) => {
    await ensureTrialData(ctx, 10_000);
    const admin = await ctx.createUser({ roles: ['admin'], name: 'Bench Admin' });
    return { method: 'GET', path: '/api/rbac/admin/trial-analytics', headers: { cookie: admin.cookie } };
  },
  targets: [],
});
