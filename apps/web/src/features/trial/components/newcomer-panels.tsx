import { Stack } from '@mantine/core';
import type { UserProfile } from '@myeai/domain';
import { FeatureJourney } from './feature-journey.tsx';
import { TrialBanner } from './trial-banner.tsx';
import { UpgradePrompt } from './upgrade-prompt.tsx';

/** The dashboard's newcomer panels (spec 1 sections 2.4 and 6.2): only for the newcomer role. */
export function NewcomerPanels({ user }: { user: UserProfile }) {
  if (user.active_role !== 'newcomer') return null;
  return (
    <Stack gap="md" data-testid="newcomer-panels">
      <TrialBanner />
      <FeatureJourney />
      <UpgradePrompt />
    </Stack>
  );
}
