import { defineScenario, ratioAtLeast, unchangedSettingsSave } from '../lib/scenario.ts';

/**
 * Issue 17: the referral analytics of a busy affiliate: 100,000 short-link clicks from about 60,000
 * visitors over the last 90 days (8 sources with and without utm_source, all device classes) and
 * 2,000 sign-ups with their code. The answer is kept per user until their clicks, sign-ups or
 * commissions change (decision record 036), so the load test measures the cached read; the
 * database path (right after a write of the user) is timed too.
 */
export const scenario = defineScenario({
  name: 'referral-analytics-100k',
  description: 'GET /api/referral/analytics?period_days=90 for an affiliate with 100,000 clicks and 2,000 sign-ups',
  setup: async (ctx) => {
    const user = await ctx.createUser({ roles: ['affiliate'], name: 'Referral Analytics 100k' });
    const now = new Date().toISOString();
    ctx.log('referral analytics: 100,000 clicks, 2,000 sign-ups');
    await ctx.sql(
      `insert into referral_clicks (referrer_id, clicked_at, clicked_on, visitor_hash, user_agent, device_class, referring_site, utm_source)
       select $1::uuid, t, (t at time zone 'UTC')::date, md5('bench-visitor-' || (g % 60000)), null,
              (array['mobile','desktop','tablet','desktop','unknown'])[1 + g % 5],
              (array[null,'facebook.com','linkedin.com','t.co','news.example'])[1 + g % 5],
              (array[null,null,'newsletter','whatsapp'])[1 + g % 4]
       from generate_series(1, 100000) g, lateral (select $2::timestamptz - ((g * 7919) % (89 * 86400) || ' seconds')::interval as t) at`,
      [user.id, now],
    );
    await ctx.sql(
      `insert into users (email, name, roles, active_role, status, referral_code, referred_by, is_demo, created_at)
       select 'bench-signup-' || g || '@bench.example', 'Signup ' || g, array['newcomer'], 'newcomer', 'active',
              'S' || lpad(g::text, 7, '0'), $1::uuid, false, $2::timestamptz - ((g * 3121) % (89 * 86400) || ' seconds')::interval
       from generate_series(1, 2000) g`,
      [user.id, now],
    );
    await ctx.sql('analyze referral_clicks');
    await ctx.sql('analyze users');
    return {
      method: 'GET',
      path: '/api/referral/analytics?period_days=90',
      headers: { cookie: user.cookie },
      invalidatedBy: await unchangedSettingsSave(ctx, user),
    };
  },
  targets: [ratioAtLeast(0.3)],
});
