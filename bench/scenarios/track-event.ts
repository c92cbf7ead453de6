import { defineScenario, ratioAtLeast } from '../lib/scenario.ts';

/** Issue 6: usage tracking is a hot write path (every page view and action of every tab). */
export const scenario = defineScenario({
  name: 'track-event',
  description: 'POST /api/rbac/analytics/track-event: one page view of a signed-in user (append-only row + per-day counter)',
  setup: async (ctx) => ({
    method: 'POST',
    path: '/api/rbac/analytics/track-event',
    headers: { cookie: ctx.benchUser.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ event_type: 'page_view', component: 'dashboard', action_details: { time_spent_ms: 4200, target_route: '/dashboard' } }),
  }),
  targets: [ratioAtLeast(0.3)],
});
