import { defineScenario, ratioAtLeast, uncachedLatencyWithinFactorOf, unchangedSettingsSave } from '../lib/scenario.ts';
import { createDashboardUser } from './dashboard-stats-1-1k-leads.ts';

/**
 * Issue 4: the same call for a user with 100,000 leads answers within 1.5x of the 1,000-lead
 * latency on the database path (the load test is answered from memory): every figure comes from aggregated rows (stage totals, per-day activity) or indexed
 * ranges, never from a scan of the user's leads.
 */
export const scenario = defineScenario({
  name: 'dashboard-stats-100k',
  description: 'GET /api/dashboard/stats for a user with 100,000 leads, 300 commissions, a goal and 5 referrals',
  setup: async (ctx) => {
    const user = await createDashboardUser(ctx, 100_000, 'Dashboard 100k');
    return { method: 'GET', path: '/api/dashboard/stats', headers: { cookie: user.cookie }, invalidatedBy: await unchangedSettingsSave(ctx, user) };
  },
  targets: [ratioAtLeast(0.2), uncachedLatencyWithinFactorOf('dashboard-stats-1k', 1.5), uncachedLatencyWithinFactorOf('dashboard-stats-1k', 1.5, 'p99')],
});
