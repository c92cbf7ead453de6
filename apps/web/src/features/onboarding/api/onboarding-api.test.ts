import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAfterGoalSetup } from './onboarding-api.ts';

describe('invalidateAfterGoalSetup', () => {
  it('marks the access level and the Business Hub figures stale, and nothing else', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    // Cached before onboarding: the dashboard's "No target" and the preview access level.
    queryClient.setQueryData(['dashboard', 'stats'], { monthly_target: null });
    queryClient.setQueryData(['trial', 'access-level'], { access_level: 'preview', can_activate_trial: false });
    queryClient.setQueryData(['onboarding', 'profile'], { profile: null });

    await invalidateAfterGoalSetup(queryClient);

    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(['dashboard', 'stats'])).toBe(true);
    expect(stale(['trial', 'access-level'])).toBe(true);
    expect(stale(['onboarding', 'profile'])).toBe(false);
  });
});
