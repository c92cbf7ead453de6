import { defineScenario, ratioAtLeast, unchangedSettingsSave } from '../lib/scenario.ts';

/**
 * Issue 18: the goal progress dashboard (GET /api/goals/progress) of a user with 50 approved goals
 * (half of them USD monetary goals fed by the commission ledger, half fed by check-ins) and 5,000
 * check-ins (200 on each check-in goal) over the last 26 weeks, with 30 days of daily habit ticks.
 */
export const scenario = defineScenario({
  name: 'goals-progress-50-goals',
  description: 'GET /api/goals/progress: 50 approved goals, 5,000 check-ins, habit ticks and 200 commissions of the user',
  setup: async (ctx) => {
    const user = await ctx.createUser({ roles: ['affiliate'], name: 'Goals Bench User' });
    await ctx.sql(
      `insert into goals (user_id, title, goal_type, target_value, current_value, unit, why_important, daily_habits, weekly_habits, deadline, status, timeframe, goal_quality_score, created_at, submitted_at, updated_at, reviewed_at)
       select $1::uuid, 'Bench goal ' || g,
              case when g % 2 = 0 then 'monetary' else 'skill' end,
              case when g % 2 = 0 then 1000000 else 1000000 end, 0,
              case when g % 2 = 0 then 'USD' else 'count' end,
              'A reason long enough to score its twenty points.', array['Daily habit ' || g], array['Weekly habit ' || g],
              (now() + interval '80 days')::date, 'approved', 'short_term', 100,
              now() - interval '26 weeks', now() - interval '26 weeks', now(), now() - interval '25 weeks'
       from generate_series(1, 50) g`,
      [user.id],
    );
    // 5,000 check-ins on the 25 check-in goals (200 each), rising readings over 26 weeks.
    await ctx.sql(
      `insert into goal_check_ins (goal_id, value, note, recorded_at)
       select g.id, n * 10, 'check-in ' || n, now() - make_interval(hours => (200 - n) * 21)
       from goals g cross join generate_series(1, 200) n
       where g.user_id = $1::uuid and g.goal_type = 'skill'`,
      [user.id],
    );
    await ctx.sql(
      `insert into goal_habit_ticks (goal_id, cadence, habit, period, ticked_at)
       select g.id, 'daily', g.daily_habits[1], (now() - make_interval(days => d))::date, now() - make_interval(days => d)
       from goals g cross join generate_series(0, 29) d
       where g.user_id = $1::uuid`,
      [user.id],
    );
    await ctx.sql(
      `insert into commissions (user_id, source, source_reference, product_name, amount_cents, status, earned_at)
       select $1::uuid, 'adjustment', 'goals-bench-' || $1::text || '-' || n, 'Bench product', 2500, 'pending', now() - make_interval(days => n)
       from generate_series(1, 200) n`,
      [user.id],
    );
    await ctx.sql('analyze goals; analyze goal_check_ins; analyze goal_habit_ticks');
    return {
      method: 'GET',
      path: '/api/goals/progress',
      headers: { cookie: user.cookie },
      invalidatedBy: await unchangedSettingsSave(ctx, user),
    };
  },
  targets: [ratioAtLeast(0.3)],
});
